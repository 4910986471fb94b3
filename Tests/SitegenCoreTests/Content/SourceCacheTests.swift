import Testing

@testable import SitegenCore

@Suite struct SourceCacheTests {
    private func roundTrip(_ cache: SourceCache) throws -> SourceCache {
        try #require(SourceCache(parsing: cache.encoded))
    }

    private let status = FileStatus(size: 10, modified: 1_000_000_000, changed: 1_000_000_001, inode: 7)

    @Test func everyKindSurvivesTheTextForm() throws {
        var cache = SourceCache()
        cache.written = 99_000_000_000
        let post = Post(
            slug: "a", username: "프렘\ttab", title: "50% off\nnew line",
            date: ContentDate(parsing: "2024-03-04T09:00:00Z"),
            tags: ["x", ""], isDraft: true, body: "", displayTitle: "50% off\nnew line")
        cache.entries["content/posts/a.md"] = .init(
            status: status, hash: 0xABC, modelHash: 0xFEED, item: .post(post),
            warnings: [
                Diagnostic(.warning, at: SourceLocation(path: "content/posts/a.md", line: 3, column: 1), "odd\tfield")
            ])
        cache.entries["content/menu/b.md"] = .init(
            status: status, hash: 1, modelHash: 5,
            item: .menuItem(MenuItem(slug: "b", name: "B", price: 33000, body: "")), warnings: [],
            excerpt: "짧은 설명\n두 줄")
        cache.entries["content/primes.md"] = .init(
            status: status, hash: 2, modelHash: 6, item: .primes(PrimesPage(count: -3, favorites: [2, 13], body: "")),
            warnings: [])
        let read = try roundTrip(cache)
        guard case .post(let back)? = read.entries["content/posts/a.md"]?.item else {
            Issue.record("no post")
            return
        }
        #expect(
            back.username == "프렘\ttab" && back.title == "50% off\nnew line" && back.tags == ["x", ""] && back.isDraft)
        #expect(back.date == post.date)
        #expect(read.entries["content/posts/a.md"]?.modelHash == 0xFEED)
        #expect(SourceCache.modelHash(of: .post(back)) == SourceCache.modelHash(of: .post(post)))
        #expect(read.entries["content/posts/a.md"]?.warnings.map(\.message) == ["odd\tfield"])
        #expect(read.entries["content/menu/b.md"]?.excerpt == "짧은 설명\n두 줄")
        #expect(read.entries["content/posts/a.md"]?.excerpt == nil)
        guard case .primes(let primes)? = read.entries["content/primes.md"]?.item else {
            Issue.record("no primes")
            return
        }
        #expect(primes.count == -3 && primes.favorites == [2, 13])
    }

    @Test func layoutsSurviveTheTextFormWithTheirPlace() throws {
        var cache = SourceCache()
        var post = Post(
            slug: "a", username: "u", title: nil, date: nil, tags: [], isDraft: false, body: "", displayTitle: "a")
        post.layout = PageLayout(name: "wide.v2", line: 4, column: 9)
        let layouts: [String: SiteLoader.Item] = [
            "content/posts/a.md": .post(post),
            "content/menu/b.md": .menuItem(
                MenuItem(slug: "b", name: "B", price: 1, body: "", layout: PageLayout(name: "리포트", line: 3, column: 10))
            ),
            "content/profiles/c.md": .profile(
                Profile(slug: "c", name: "C", body: "", layout: PageLayout(name: "card", line: 2, column: 9))),
            "content/d.md": .page(
                PlainPage(slug: "d", body: "", layout: PageLayout(name: "report", line: 5, column: 9))),
            "content/e.md": .page(PlainPage(slug: "e", body: "")),
        ]
        for (path, item) in layouts {
            cache.entries[SourcePath(path)] = .init(
                status: status, hash: 1, modelHash: SourceCache.modelHash(of: item), item: item, warnings: [])
        }
        let read = try roundTrip(cache)
        for (path, item) in layouts {
            let back = try #require(read.entries[SourcePath(path)]?.item, "\(path)")
            #expect(back.layout == item.layout, "\(path)")
            #expect(SourceCache.modelHash(of: back) == SourceCache.modelHash(of: item), "\(path)")
        }
        var moved = post
        moved.layout?.line = 5
        #expect(SourceCache.modelHash(of: .post(moved)) != SourceCache.modelHash(of: .post(post)))
    }

    @Test func everyFormOfDateSurvivesTheStoredForm() throws {
        let written = [
            "2024-03-04T09:00:00-04:30", "2024-03-04T09:00:00+09:00", "2024-03-04 09:00", "2024-03-04",
            "1969-07-20T20:17:40Z",
        ]
        var cache = SourceCache()
        for (index, text) in written.enumerated() {
            let post = Post(
                slug: "p\(index)", username: "u", title: nil, date: ContentDate(parsing: text), tags: [],
                isDraft: false, body: "", displayTitle: "p")
            cache.entries["content/posts/p\(index).md"] = .init(
                status: status, hash: 1, modelHash: 2, item: .post(post), warnings: [])
        }
        let read = try roundTrip(cache)
        for (index, text) in written.enumerated() {
            guard case .post(let post)? = read.entries["content/posts/p\(index).md"]?.item else {
                Issue.record("no post for \(text)")
                continue
            }
            #expect(post.date != nil && post.date == ContentDate(parsing: text), "\(text)")
        }
    }

    @Test func thePlacesLinksArrivedAtAreKeptWithTheirLinks() throws {
        var cache = SourceCache()
        var entry = SourceCache.Entry(
            status: status, hash: 1, modelHash: 5,
            item: .page(PlainPage(slug: "p", title: nil, description: nil, body: "")), warnings: [],
            excerpt: "<p>p</p>")
        entry.arrivals = [3, 0xFFFF_FFFF_FFFF_FFF0]
        cache.entries["content/p.md"] = entry
        let read = try #require(try roundTrip(cache).entries["content/p.md"])
        #expect(read.arrivals == [3, 0xFFFF_FFFF_FFFF_FFF0])
        #expect(read.arrived(atAnyOf: [9, 0xFFFF_FFFF_FFFF_FFF0]) && !read.arrived(atAnyOf: [4, 9]))
        var same = read
        same.arrivals = [3, 0xFFFF_FFFF_FFFF_FFF0]
        #expect(same.stored != nil, "the same places keep the stored form")
        same.arrivals = [3]
        #expect(same.stored == nil && same.arrived(atAnyOf: [3]) && !same.arrived(atAnyOf: [4]))
    }

    @Test func aFileChangedSinceCachingIsNotTaken() {
        var cache = SourceCache()
        cache.written = 99_000_000_000
        cache.entries["p"] = .init(
            status: status, hash: 1, modelHash: 5,
            item: .page(PlainPage(slug: "p", title: nil, description: nil, body: "")), warnings: [])
        #expect(cache.entry(for: "p", status: status) != nil)
        var touched = status
        touched.changed += 1
        #expect(cache.entry(for: "p", status: touched) == nil)
    }

    @Test func aFileModifiedJustBeforeCachingIsNotTrusted() {
        var cache = SourceCache()
        cache.written = status.modified + 1_000_000_000
        cache.entries["p"] = .init(
            status: status, hash: 1, modelHash: 5,
            item: .page(PlainPage(slug: "p", title: nil, description: nil, body: "")), warnings: [])
        #expect(cache.entry(for: "p", status: status) == nil)
    }

    @Test func theModelHashCoversEveryFieldButTheBody() {
        let post = Post(
            slug: "a", username: "u", title: "T", date: nil, tags: ["x"], isDraft: false, body: "one", displayTitle: "T"
        )
        var other = post
        other.body = "two"
        #expect(SourceCache.modelHash(of: .post(post)) == SourceCache.modelHash(of: .post(other)))
        other.tags = ["y"]
        #expect(SourceCache.modelHash(of: .post(post)) != SourceCache.modelHash(of: .post(other)))
        other = post
        other.displayTitle = "U"
        #expect(SourceCache.modelHash(of: .post(post)) != SourceCache.modelHash(of: .post(other)))
    }

    @Test func textOfAnotherVersionIsRefused() {
        #expect(SourceCache(parsing: Array("sitegen-sources 0 0.0.1\nwritten 1\n".utf8)) == nil)
    }
}
