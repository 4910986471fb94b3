/// What the sitemap page (`sitemap.xml`) shows, `page.entries`, and a hash of what that is made of.
enum SitemapValues {
    /// The pages the sitemap lists: every HTML page but the 404 page and redirects.
    private static func lists(_ page: PlannedPage) -> Bool {
        page.isHTML && page.output != "404.html" && page.redirect == nil
    }

    /// The sitemap's entries: each listed page's absolute URL, with when its item last changed.
    static func entries(_ plan: [PlannedPage], content: SiteContent, paths: SitePaths) -> TemplateValue {
        // The plan's fields read in place, by index: a copy of each page retained every one of them.
        var entries: [TemplateValue] = []
        entries.reserveCapacity(plan.count)
        for index in plan.indices where lists(plan[index]) {
            let lastModified = Self.lastModified(plan[index], content: content).map { TemplateValue.string($0.rfc3339) }
            entries.append(
                .object(["loc": .string(paths.absolute(plan[index].url)), "lastmod": lastModified ?? .null]))
        }
        return .list(entries)
    }

    /// A hash of what `entries` is made of (besides the settings, in `global`).
    static func digest(_ plan: [PlannedPage], content: SiteContent) -> UInt64 {
        var digest = StableHash()
        for index in plan.indices where lists(plan[index]) {
            digest.combine(plan[index].url)
            if let date = lastModified(plan[index], content: content) {
                digest.combine(UInt64(bitPattern: date.secondsSince1970))
                digest.combine(date.hasTime ? 1 : 0)
                digest.combine(UInt64(bitPattern: Int64(date.offset)))
            } else {
                digest.combine(0)
            }
        }
        return digest.value
    }

    /// When a page's item last changed: its `updated:`, else a post's date; `nil` for a page without either.
    private static func lastModified(_ page: PlannedPage, content: SiteContent) -> ContentDate? {
        switch page.item {
        case .post(let index): return content.posts[index].updated ?? content.posts[index].date
        case .page(let index): return content.pages[index].updated
        case .entry(let collection, let index):
            let schema = content.settings.collections.declared[collection]
            guard case .date(let date)? = content.items[schema.name]?[index].values["updated"] else { return nil }
            return date
        default: return nil
        }
    }
}
