/// What a page shows besides its own item, and a hash of everything that is
/// made of (part of the page value's identity, so a rebuild re-renders the
/// page exactly when it changes):
///
/// - a list page: `page.pagination` (its slice of posts, links to the other
///   pages), and `page.tag` or `page.user` for a tag's or an author's list;
/// - a post page: `page.newer` and `page.older`, the posts beside it in date order;
/// - a profile page whose profile names a username: `page.user`, with that author's newest posts.
struct PageExtras {
    /// A hash of what `fields` is made of.
    let identity: UInt64
    /// The fields, made when the page value is.
    let fields: @Sendable () -> [TemplateKey: TemplateValue]

    /// What every page's extras are made from.
    struct Context: Sendable {
        let content: SiteContent
        let groups: PostGroups
        /// Each post's value (lazy), in `content.posts` order.
        let posts: [TemplateValue]
        /// Each profile's value (lazy), in `content.profiles` order.
        let profiles: [TemplateValue]
        let paths: SitePaths
        let strings: ThemeStrings
        /// Each post's link, in `content.posts` order (every post page shows two of them).
        let postLinks: [String]
        /// Each declared collection's items' values (lazy), in `site.yml`'s and each list's order.
        var collections: [[TemplateValue]] = []
        /// The terms of the collections' taxonomy fields.
        var terms: CollectionTerms? = nil
    }

    /// How many of an author's newest posts their profile page shows.
    static let profilePostCount = 5

    /// The extras of `page`, if it has any.
    static func of(_ page: PlannedPage, in context: Context) -> PageExtras? {
        switch page.item {
        case .list(let list): return self.list(list, in: context)
        case .post(let index): return neighbours(of: index, in: context)
        case .profile(let index): return profile(index, in: context)
        case .terms(let collection, let field): return terms(of: field, in: collection, context)
        default: return nil
        }
    }

    private static func list(_ list: PostList, in context: Context) -> PageExtras {
        switch list.owner {
        case .collection, .term: return collectionList(list, in: context)
        case .all, .tag, .author: break
        }
        let (paths, strings, groups) = (context.paths, context.strings, context.groups)
        var identity = StableHash()
        let (indices, segments, owner): ([Int], [String], (key: String, value: @Sendable () -> TemplateValue)?)
        switch list.owner {
        case .all:
            (indices, segments, owner) = (Array(list.range), ["posts"], nil)
        case .tag(let tag):
            let group = groups.tags[tag]
            identity.combine(group.name)
            (indices, segments) = (Array(group.posts[list.range]), ["tags", group.segment])
            owner = ("tag", { tagValue(group, paths: paths, strings: strings) })
        case .author(let author):
            let group = groups.authors[author]
            let profile = groups.profiles[group.segment].map { context.profiles[$0] }
            identity.combine(group.name)
            identity.combine(Self.identity(of: profile))
            (indices, segments) = (Array(group.posts[list.range]), ["users", group.segment])
            owner = ("user", { userValue(group, profile: profile?.resolved, paths: paths, strings: strings) })
        case .collection, .term: preconditionFailure("listed by collectionList")
        }
        let items = indices.map { context.posts[$0] }
        identity.combine(UInt64(list.number))
        identity.combine(UInt64(list.pageCount))
        identity.combine(UInt64(list.total))
        for item in items { identity.combine(Self.identity(of: item)) }
        return PageExtras(identity: identity.value) {
            var fields: [TemplateKey: TemplateValue] = [
                "pagination": list.value(items: items, segments: segments, paths: paths, strings: strings)
            ]
            if let owner { fields[TemplateKey(owner.key)] = owner.value() }
            return fields
        }
    }

    private static func neighbours(of index: Int, in context: Context) -> PageExtras {
        let posts = context.content.posts
        func neighbour(_ other: Int) -> (title: String, url: String)? {
            posts.indices.contains(other) ? (posts[other].displayTitle, context.postLinks[other]) : nil
        }
        let newer = neighbour(index - 1)
        let older = neighbour(index + 1)
        var identity = StableHash()
        // Side by side, not through an array of the two: every post page has neighbours.
        identity.combine(newer?.title ?? "")
        identity.combine(newer?.url ?? "")
        identity.combine(older?.title ?? "")
        identity.combine(older?.url ?? "")
        return PageExtras(identity: identity.value) {
            func value(_ side: (title: String, url: String)?) -> TemplateValue {
                side.map { .object(["title": .string($0.title), "url": .string($0.url)]) } ?? .null
            }
            return [
                "newer": value(newer), "older": value(older), "has_neighbours": .bool(newer != nil || older != nil),
            ]
        }
    }

    private static func profile(_ index: Int, in context: Context) -> PageExtras? {
        guard let username = context.content.profiles[index].username, let group = context.groups.author(username)
        else {
            return nil
        }
        let (paths, strings) = (context.paths, context.strings)
        let items = group.posts.prefix(profilePostCount).map { context.posts[$0] }
        var identity = StableHash()
        identity.combine(group.name)
        identity.combine(UInt64(group.posts.count))
        for item in items { identity.combine(Self.identity(of: item)) }
        return PageExtras(identity: identity.value) {
            guard case .object(var user) = userValue(group, profile: nil, paths: paths, strings: strings) else {
                return [:]
            }
            user["posts"] = .list(items)
            user["has_more_posts"] = .bool(group.posts.count > items.count)
            return ["user": .object(user)]
        }
    }

    /// `page.tag`: a tag's name, link and post count.
    static func tagValue(_ group: PostGroups.Group, paths: SitePaths, strings: ThemeStrings) -> TemplateValue {
        .object([
            "name": .string(group.name),
            "url": .string(paths.link(["tags", group.segment])),
            "count": .int(group.posts.count),
            "count_text": .string(strings.count(group.posts.count, "post_count")),
        ])
    }

    /// `page.user`: an author's username, link, avatar and post count, and the profile that declares the username.
    private static func userValue(
        _ group: PostGroups.Group, profile: TemplateValue?, paths: SitePaths, strings: ThemeStrings
    ) -> TemplateValue {
        .object([
            "username": .string(group.name),
            "url": .string(paths.link(["users", group.segment])),
            "avatar": SiteValues.avatar(group.name),
            "post_count": .int(group.posts.count),
            "post_count_text": .string(strings.count(group.posts.count, "post_count")),
            "posts_by_text": .string(strings.format("posts_by", ["username": group.name])),
            "all_posts_text": .string(
                strings.format("all_posts_by", ["username": group.name, "n": String(group.posts.count)])),
            "profile": profile ?? .null,
        ])
    }

    static func identity(of value: TemplateValue?) -> UInt64 {
        if case .lazy(let lazy)? = value { return lazy.identity }
        return 0
    }
}
