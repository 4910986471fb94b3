/// The pages' `page` values, made on all cores, or the last model's when a page shows none of
/// the items made again.
extension SiteModel {
    /// Each planned page's value, in the plan's order, with its key's hash (`nil` for one kept
    /// from `previous`, the last model's values). `extras` gives what pages show besides their item.
    static func pages(
        _ plan: [PlannedPage], inputs: Inputs, items: Items, values: ItemValues, previous oldPageValues: [LazyValue],
        global: UInt64, sitemap: UInt64, head pageHead: PageHead, extras extrasContext: PageExtras.Context
    ) -> [(value: LazyValue, key: UInt64?)] {
        let (posts, menu, profiles, plainPages) = (values.posts, values.menu, values.profiles, values.pages)
        let (primes, collectionValues) = (values.primes, values.collections)
        let changedPosts = Set(items.posts.indices.filter { items.posts[$0].isNew })
        let changedMenu = Set(items.menu.indices.filter { items.menu[$0].isNew })
        let changedPages = Set(items.pages.indices.filter { items.pages[$0].isNew })
        let primesChanged = items.primes?.isNew ?? false
        let changedEntries = items.collections.map { made in Set(made.indices.filter { made[$0].isNew }) }
        /// The last model's value of the page at `index` of the plan, when it shows none of the changed items.
        @Sendable func kept(at index: Int) -> LazyValue? {
            // The plan's fields read in place: a copy of the page would retain each of them.
            guard oldPageValues.indices.contains(index), inputs.plan[index].kind != "sitemap" else { return nil }
            let changed: Bool
            switch inputs.plan[index].item {
            case .post(let index): changed = changedPosts.contains(index)
            case .menuItem(let index): changed = changedMenu.contains(index)
            case .page(let index): changed = changedPages.contains(index)
            case .primes: changed = primesChanged
            case .entry(let collection, let index): changed = changedEntries[collection].contains(index)
            case nil: changed = false
            case .list, .profile, .terms: return nil  // Their extras list posts or items.
            }
            let old = oldPageValues[index]
            return changed || old.name != inputs.plan[index].output ? nil : old
        }

        // Each made with its key's hash (`nil` for one kept from the last model).
        return Array(plan.indices).parallelMap { index -> (value: LazyValue, key: UInt64?) in
            if let kept = kept(at: index) { return (kept, nil) }
            let page = inputs.plan[index]
            let item: TemplateValue? =
                switch page.item {
                case .post(let index): posts[index]
                case .menuItem(let index): menu[index]
                case .profile(let index): profiles[index]
                case .page(let index): plainPages[index]
                case .primes: primes
                case .entry(let collection, let index): collectionValues[collection][index]
                case .list, .terms, nil: nil
                }
            var identity = StableHash()
            identity.combine(global)
            identity.combine(page.output)
            identity.combine(page.template)
            identity.combine(page.title)
            identity.combine(page.kind)
            identity.combine(page.url)
            identity.combine(page.redirect ?? "")
            if case .lazy(let lazy)? = item { identity.combine(lazy.identity) }
            let isSitemap = page.kind == "sitemap"
            if isSitemap { identity.combine(sitemap) }
            identity.combine(pageHead.identity)
            let extras = PageExtras.of(page, in: extrasContext)
            identity.combine(extras?.identity ?? 0)
            let value = LazyValue(kind: "page", name: page.output, identity: identity.value) {
                let page = inputs.plan[index]
                let value = PagePlanner.value(of: page, item: item?.resolved, nav: inputs.nav, paths: inputs.paths)
                guard case .object(var fields) = value else { return value }
                fields["head"] = pageHead.value(of: page, fields: fields)
                if isSitemap {
                    fields["entries"] = SitemapValues.entries(inputs.plan, content: inputs.content, paths: inputs.paths)
                }
                if let extras { fields.merge(extras.fields()) { _, extra in extra } }
                return .object(fields)
            }
            return (value, Self.keyHash("page", page.output))
        }
    }
}
