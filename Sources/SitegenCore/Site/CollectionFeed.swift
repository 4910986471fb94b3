/// What `feed.xml` carries: the newest posts and, when a collection says `feed: true`, its
/// items among them by date (`site.feed_posts`); and every date that can make the site look updated.
struct CollectionFeed {
    /// The feed's entries, newest first; `nil` when no collection feeds (then the newest posts).
    let entries: [TemplateValue]?
    /// The dates of the posts and of the feeding collections' items, each its `updated:` when later.
    let dates: [ContentDate]

    /// The feed of `content`: `posts` and `items` are the values of its posts and its declared collections' items.
    init(content: SiteContent, posts: [TemplateValue], items: [[TemplateValue]]) {
        let declared = content.settings.collections.declared
        let feeding = declared.indices.filter { declared[$0].feed }
        guard !feeding.isEmpty else {
            entries = nil
            dates = content.posts.compactMap(\.date) + content.posts.compactMap(\.updated)
            return
        }
        // Posts first, in their order (newest first, undated last), then each collection's items:
        // a stable sort by date keeps that order among equal dates.
        var dated: [(date: ContentDate?, value: TemplateValue)] = zip(content.posts, posts).map { ($0.date, $1) }
        var updates = content.posts.compactMap(\.updated)
        for collection in feeding {
            let schema = declared[collection]
            let entries = content.items[schema.name] ?? []
            dated += zip(entries, items[collection]).map { (schema.feedDate(of: $0), $1) }
            for entry in entries { if case .date(let date)? = entry.values["updated"] { updates.append(date) } }
        }
        dates = dated.compactMap(\.date) + updates
        let sorted = dated.enumerated().sorted { a, b in
            switch (a.element.date, b.element.date) {
            case (let x?, let y?) where x.secondsSince1970 != y.secondsSince1970: return x > y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.offset < b.offset
            }
        }
        entries = sorted.prefix(SiteValues.feedLength).map(\.element.value)
    }
}
