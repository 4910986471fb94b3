/// Turns models into the values templates see. Keys are snake_case, as in `site.yml`.
enum SiteValues {
    static func post(
        _ post: Post, url: String, html: TemplateValue, excerpt: String, paths: SitePaths, settings: SiteSettings,
        strings: ThemeStrings, names: PostNames, head: HeadContext, body: BodyImage? = nil
    ) -> TemplateValue {
        // Keys made (and hashed) once, and set one by one into room made for all: a literal hashed
        // each key's text again and built a temporary array of the pairs, in thousands of values a build.
        typealias Key = PostKeys
        let date = post.date
        let description = post.description.map(TemplateValue.string) ?? .null
        var value: [TemplateKey: TemplateValue] = [:]
        value.reserveCapacity(Key.count)
        value[Key.slug] = .string(post.slug)
        value[Key.source] = .string(post.sourcePath)
        value[Key.url] = .string(url)
        value[Key.absoluteURL] = .string(paths.absolute(url))
        value[Key.title] = .string(post.displayTitle)
        value[Key.hasTitle] = .bool(post.title?.isEmpty == false)
        value[Key.username] = .string(post.username)
        value[Key.userURL] = names.userURL(post.username)
        value[Key.avatar] = names.avatar(post.username)
        value[Key.tags] = .list(names.distinctTags(post.tags).map(names.tag))
        value[Key.hasTags] = .bool(!post.tags.isEmpty)
        value[Key.date] = date.map { .string(strings.date($0)) } ?? .null
        value[Key.dateISO] = date.map { .string($0.rfc3339) } ?? .null
        value[Key.editURL] =
            settings.editLink.map { .string($0.replacingAll("{path}", with: post.sourcePath)) } ?? .null
        value[Key.draft] = .bool(post.isDraft)
        value[Key.content] = html
        value[Key.excerpt] = .string(post.description ?? excerpt)
        value[Key.description] = description
        // Its `meta_description` is a lazy value of its own (`SiteModel.ItemMaker.builtIn`).
        addHead(
            to: &value, description: post.description, excerpt: excerpt, image: post.image, body: body,
            updated: post.updated, source: post.sourcePath, alt: post.displayTitle, head, describing: false)
        return .object(value)
    }

    static func menuItem(
        _ item: MenuItem, html: TemplateValue, excerpt: String, paths: SitePaths, schema: CollectionSchema,
        head: HeadContext, body: BodyImage? = nil
    ) -> TemplateValue {
        var value: [TemplateKey: TemplateValue] = [
            "slug": .string(item.slug),
            "source": .string(item.sourcePath),
            "url": .string(paths.link(["menu", item.slug])),
            "name": .string(item.name),
            "price": .int(item.price),
            "price_text": .string(item.priceText),
            "description": html,
            "excerpt": .string(excerpt),
        ]
        addHead(
            to: &value, description: nil, excerpt: excerpt, image: firstImage(item.fieldValues, of: schema),
            body: body,
            updated: nil, source: item.sourcePath, alt: item.name, head)
        return .object(value)
    }

    static func profile(
        _ profile: Profile, html: TemplateValue, excerpt: String, paths: SitePaths, schema: CollectionSchema,
        head: HeadContext, body: BodyImage? = nil
    ) -> TemplateValue {
        var value: [TemplateKey: TemplateValue] = [
            "slug": .string(profile.slug),
            "source": .string(profile.sourcePath),
            "url": .string(paths.link(["profiles", profile.slug])),
            "name": .string(profile.name),
            "avatar": avatar(profile.name),
            "about": html,
            "bio": .null,
        ]
        if let bio = profile.bio { value["bio"] = .string(bio) }
        if let username = profile.username { value["username"] = .string(username) }
        addHead(
            to: &value, description: profile.bio, excerpt: excerpt,
            image: firstImage(profile.fieldValues, of: schema),
            body: body, updated: nil, source: profile.sourcePath, alt: profile.name, head)
        return .object(value)
    }

    static func page(
        _ page: PlainPage, html: TemplateValue, excerpt: String, paths: SitePaths, head: HeadContext,
        body: BodyImage? = nil
    ) -> TemplateValue {
        let segments = page.slug == "index" ? [] : page.slug.split(separator: "/").map(String.init)
        var value: [TemplateKey: TemplateValue] = [
            "slug": .string(page.slug),
            "url": .string(paths.link(segments)),
            "title": .string(page.title ?? page.slug.split(separator: "/").last.map(String.init) ?? page.slug),
            "content": html,
            "description": page.description.map(TemplateValue.string) ?? .null,
        ]
        let title = value["title"]?.stringValue ?? page.slug
        // The home page is described by the site's description, unless its own file gives one.
        addHead(
            to: &value, description: page.description, excerpt: page.slug == "index" ? "" : excerpt, image: nil,
            body: body,
            updated: page.updated, source: page.sourcePath, alt: title, head)
        return .object(value)
    }

    static func primes(_ page: PrimesPage, html: TemplateValue, paths: SitePaths, strings: ThemeStrings)
        -> TemplateValue
    {
        let count = page.count
        var value: [TemplateKey: TemplateValue] = [
            "source": .string(PrimesPage.sourcePath),
            "count": .string(String(count)),
            "count_is_prime": .bool(Primes.isPrime(count)),
            "is_favorite": .bool(page.favorites.contains(count)),
            "verdict": .string(
                strings.format(Primes.isPrime(count) ? "is_prime" : "is_not_prime", ["n": String(count)])),
            "intro": html,
            "counter_url": .string(paths.link(["counter"])),
            "table_url": .string(paths.link(["primes"])),
            "favorites": .list(
                page.favorites.map { prime in
                    let position = Primes.position(of: prime) ?? 0
                    let words = [
                        "value": String(prime), "ordinal": ordinalGrouped(position),
                        "count": GroupedNumber.string(position),
                    ]
                    return .object([
                        "value": .string(String(prime)),
                        "position": .string(GroupedNumber.string(position)),
                        "ordinal": .string(ordinalGrouped(position)),
                        "in_words": .string(strings.format("prime_in_words", words)),
                    ])
                }),
            "has_favorites": .bool(!page.favorites.isEmpty),
            "nth": .null,
        ]
        if count >= 1, count <= maxNthPrimeIndex, let nth = Primes.nth(count) {
            let words = ["ordinal": ordinalGrouped(count), "count": GroupedNumber.string(count), "value": String(nth)]
            value["nth"] = .object([
                "ordinal": .string(ordinalGrouped(count)),
                "value": .string(String(nth)),
                "text": .string(strings.format("nth_prime", words)),
            ])
        }
        return .object(value)
    }

    /// The largest n for which the counter page shows the n-th prime.
    static let maxNthPrimeIndex: Int64 = 1_000_000_000

    /// The `site` value: `site.yml`'s settings, links, and every collection.
    /// `posts` holds the posts newest first; `updated` is the newest post's date.
    /// `editing` (the preview's editing controls) is present only when true.
    static func site(
        settings: SiteSettings, editing: Bool, paths: SitePaths, strings: ThemeStrings, sections: SiteSections,
        posts: [TemplateValue],
        updated: String, menu: [TemplateValue], profiles: [TemplateValue], pages: [TemplateValue],
        primes: TemplateValue?,
        tags: [TemplateValue], feedPosts: [TemplateValue]? = nil, collections: TemplateValue = .object([:])
    ) -> TemplateValue {
        let tiles = sections.all.filter { $0.summary != nil }
        var value: [TemplateKey: TemplateValue] = [
            "title": .string(settings.title),
            "language": .string(settings.language),
            "base_url": .string(settings.baseURL.text),
            "root": .string(paths.root),
            "absolute_root": .string(paths.absolute(paths.link([]))),
            "stylesheet": .string(paths.root + "assets/style.css"),
            // Linked from every page, so no browser asks for a /favicon.ico the site may not have.
            "favicon": .string(paths.root + "assets/favicon.svg"),
            "feed_url": .string(paths.link(file: "feed.xml")),
            "absolute_feed_url": .string(paths.absolute(paths.link(file: "feed.xml"))),
            "nav": .list(
                sections.nav.map { .object(["title": .string($0.title), "url": .string(paths.resolve($0.url))]) }),
            "tiles": .list(
                tiles.map { section in
                    .object([
                        "key": .string(section.key), "title": .string(section.title), "url": .string(section.url),
                        "summary": .string(section.summary ?? ""),
                    ])
                }),
            "has_tiles": .bool(tiles.count > 1),
            "strings": .object(
                Dictionary(uniqueKeysWithValues: strings.table.map { (TemplateKey($0.key), .string($0.value)) })),
            "post_count_text": .string(strings.count(posts.count, "post_count")),
            "made_with": .string(strings.format("made_with", ["generator": "sitegen \(SitegenVersion.current)"])),
            "posts": .list(posts),
            "recent_posts": .list(Array(posts.prefix(5))),
            "feed_posts": .list(feedPosts ?? Array(posts.prefix(feedLength))),
            "updated": .string(updated),
            "post_count": .int(posts.count),
            "has_posts": .bool(!posts.isEmpty),
            "menu": .list(menu),
            "profiles": .list(profiles),
            "pages": .list(pages),
            "posts_url": .string(paths.link(["posts"])),
            "tags": .list(tags),
            "has_tags": .bool(!tags.isEmpty),
            "tags_url": .string(paths.link(["tags"])),
            "menu_url": .string(paths.link(["menu"])),
            "profiles_url": .string(paths.link(["profiles"])),
            "generator": .string("sitegen \(SitegenVersion.current)"),
            "collections": collections,
        ]
        if let description = settings.description { value["description"] = .string(description) }
        if let username = settings.defaultUsername { value["default_username"] = .string(username) }
        if editing { value["editing"] = .bool(true) }
        if let primes { value["primes"] = primes }
        return .object(value)
    }

    /// How many of the newest posts the feed carries (`site.feed_posts`).
    static let feedLength = 20

    static func avatar(_ name: String) -> TemplateValue {
        .object(["color": .string(AvatarColor.css(for: name)), "initial": .string(AvatarColor.initial(of: name))])
    }

    private static func ordinalGrouped(_ n: Int64) -> String {
        let ordinal = EnglishOrdinal.string(n)
        return GroupedNumber.string(n) + ordinal.drop { $0.isNumber || $0 == "-" }
    }
}

/// The keys of a post's value, made once.
private enum PostKeys {
    static let slug: TemplateKey = "slug"
    static let source: TemplateKey = "source"
    static let url: TemplateKey = "url"
    static let absoluteURL: TemplateKey = "absolute_url"
    static let title: TemplateKey = "title"
    static let hasTitle: TemplateKey = "has_title"
    static let username: TemplateKey = "username"
    static let userURL: TemplateKey = "user_url"
    static let avatar: TemplateKey = "avatar"
    static let tags: TemplateKey = "tags"
    static let hasTags: TemplateKey = "has_tags"
    static let date: TemplateKey = "date"
    static let dateISO: TemplateKey = "date_iso"
    static let editURL: TemplateKey = "edit_url"
    static let draft: TemplateKey = "draft"
    static let content: TemplateKey = "content"
    static let excerpt: TemplateKey = "excerpt"
    static let description: TemplateKey = "description"
    /// How many there are (with the head's: `SiteValues.HeadKeys`).
    static let count = 23
}
