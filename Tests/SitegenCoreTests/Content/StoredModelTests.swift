import Testing

@testable import SitegenCore

/// Each kind of item read back from the source cache's stored form is the item written, with
/// every optional field present and absent: the one walk of a model's fields writes and reads them.
@Suite struct StoredModelTests {
    private let status = FileStatus(size: 10, modified: 1_000_000_000, changed: 1_000_000_001, inode: 7)
    private let date = ContentDate(parsing: "2024-03-04T09:00:00-04:30")
    private let layout = PageLayout(name: "wide v2", line: 4, column: 9)
    private let values: [String: FieldValue] = [
        "image": .image(ImageReference(source: "cover.png", line: 3, column: 8)),
        "updated": .date(ContentDate(parsing: "2024-05-01")!),
        "seats": .integer(-40), "tags": .list(["", "a, b"]),
    ]

    /// Each item stored at its path and read back, by path.
    private func roundTrip(_ items: [String: SiteLoader.Item]) throws -> [String: SiteLoader.Item] {
        var cache = SourceCache()
        for (path, item) in items {
            cache.entries[SourcePath(path)] = .init(
                status: status, hash: 1, modelHash: SourceCache.modelHash(of: item), item: item, warnings: [])
        }
        let read = try #require(SourceCache(parsing: cache.encoded))
        #expect(read.entries.count == items.count)
        return Dictionary(uniqueKeysWithValues: read.entries.map { ($0.key.text, $0.value.item) })
    }

    private func expectSame(_ items: [String: SiteLoader.Item]) throws {
        let read = try roundTrip(items)
        for (path, item) in items {
            #expect(read[path] == item, "\(path)")
            #expect(read[path].map(SourceCache.modelHash(of:)) == SourceCache.modelHash(of: item), "\(path)")
        }
    }

    @Test func aPostWithEveryFieldAndWithNone() throws {
        var full = Post(
            slug: "a", username: "프렘\ttab", title: "50% off\nnew line", date: date, tags: ["x", "", "y z"],
            isDraft: true, body: "", displayTitle: "50% off", description: "A line.")
        full.aliases = ["/old/", ""]
        full.layout = layout
        full.fieldValues = values
        let bare = Post(
            slug: "b", username: "", title: nil, date: nil, tags: [], isDraft: false, body: "", displayTitle: "")
        var bundle = bare
        bundle.slug = "c"
        bundle.isBundle = true
        try expectSame([
            "content/posts/a.md": .post(full), "content/posts/b.md": .post(bare),
            "content/posts/c/index.md": .post(bundle),
        ])
    }

    @Test func aMenuItemWithEveryFieldAndWithNone() throws {
        let full = MenuItem(
            slug: "a", name: "김치찌개", price: 33_000, body: "", aliases: ["/menu/old/"], layout: layout,
            fieldValues: values)
        let bare = MenuItem(slug: "b", name: "", price: 0, body: "")
        try expectSame(["content/menu/a.md": .menuItem(full), "content/menu/b.md": .menuItem(bare)])
    }

    @Test func aProfileWithEveryFieldAndWithNone() throws {
        let full = Profile(
            slug: "a", name: "Kim", bio: "", username: "kim", body: "", aliases: ["/people/kim/"], layout: layout,
            fieldValues: values)
        let bare = Profile(slug: "b", name: "Lee", bio: nil, body: "")
        try expectSame(["content/profiles/a.md": .profile(full), "content/profiles/b.md": .profile(bare)])
    }

    @Test func aPageWithEveryFieldAndWithNone() throws {
        var full = PlainPage(
            slug: "guides/setup", title: "", description: "How.", body: "", aliases: ["/setup/"], layout: layout)
        full.updated = date
        let bare = PlainPage(slug: "about", title: nil, description: nil, body: "")
        try expectSame(["content/guides/setup.md": .page(full), "content/about.md": .page(bare)])
    }

    @Test func thePrimesPageWithFavoritesAndWithout() throws {
        try expectSame(["content/primes.md": .primes(PrimesPage(count: -3, favorites: [2, 13], body: ""))])
        try expectSame(["content/primes.md": .primes(PrimesPage(count: Int64.max, favorites: [], body: ""))])
    }

    @Test func aCollectionItemWithEveryFieldAndWithNone() throws {
        let full = CollectionItem(
            collection: "events", slug: "spring", values: values, body: "", layout: layout, aliases: ["/e/"])
        let bare = CollectionItem(collection: "events", slug: "fall", values: [:], body: "")
        var bundle = bare
        bundle.slug = "winter"
        bundle.isBundle = true
        try expectSame([
            "content/events/spring.md": .item(full), "content/events/fall.md": .item(bare),
            "content/events/winter/index.md": .item(bundle),
        ])
    }

    @Test func everyFieldOfAPostIsInItsModelHash() {
        let post = Post(
            slug: "a", username: "u", title: "T", date: date, tags: ["x"], isDraft: false, body: "one",
            displayTitle: "T", description: "d")
        let changes: [(inout Post) -> Void] = [
            { $0.slug = "b" }, { $0.username = "v" }, { $0.title = nil }, { $0.date = nil }, { $0.tags = ["x", ""] },
            { $0.isDraft = true }, { $0.displayTitle = "U" }, { $0.description = nil }, { $0.aliases = ["/a/"] },
            { $0.layout = self.layout }, { $0.fieldValues = ["seats": .integer(1)] },
        ]
        for (index, change) in changes.enumerated() {
            var changed = post
            change(&changed)
            #expect(SourceCache.modelHash(of: .post(changed)) != SourceCache.modelHash(of: .post(post)), "\(index)")
        }
    }

    @Test func aRecordCutShortIsRefused() {
        var writer = BinaryWriter()
        var post = Post(
            slug: "a", username: "u", title: "T", date: date, tags: ["x"], isDraft: false, body: "", displayTitle: "T")
        post.layout = layout
        post.writeStoredFields(to: &writer)
        for length in 0..<writer.bytes.count {
            var reader = BinaryReader(Array(writer.bytes[..<length]))
            #expect(Post(readingStoredFields: &reader) == nil, "\(length) bytes")
        }
        var whole = BinaryReader(writer.bytes)
        #expect(Post(readingStoredFields: &whole) == post)
    }
}
