import Foundation
import Testing

/// Tag pages (`/tags/`, `/tags/<tag>/`), author pages (`/users/<username>/`)
/// and the links to them, built by the binary on temp sites.
@Suite struct TagAndAuthorPagesTests {
    /// A site of posts given as slug → (username, date, tags), with `settings` added to `site.yml`.
    private static func site(
        _ posts: [String: (user: String, date: String, tags: String)], settings: String = "",
        extra: [String: String] = [:]
    ) throws -> TempSite {
        var files = ["site.yml": "title: T\nbase_url: https://example.org/\nlanguage: en\n" + settings]
        for (slug, post) in posts {
            files["content/posts/\(slug).md"] =
                "---\nusername: \(post.user)\ntitle: Title \(slug)\ndate: \(post.date)\ntags: \(post.tags)\n---\nText of \(slug).\n"
        }
        files.merge(extra) { _, new in new }
        return try TempSite.with(files)
    }

    private static func built(_ site: TempSite) throws -> TempSite {
        let build = try site.sitegen("build")
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        return site
    }

    /// The slugs of the post cards of a page, in order.
    private static func cards(_ page: String) -> [String] {
        page.matches(of: /<h2 class="card-title"><a href="\/posts\/([^\/]+)\/">/).map { String($0.output.1) }
    }

    @Test func aTagPageListsItsPostsNewestFirstAndTheTagsPageEveryTagWithItsCount() throws {
        let site = try Self.built(
            Self.site([
                "a": ("kim", "2024-01-01", "[스크럼, retro]"), "b": ("lee", "2024-02-01", "[스크럼]"),
                "c": ("kim", "2024-03-01", "[retro, 스크럼]"),
            ]))
        let scrum = try site.read("public/tags/스크럼/index.html")
        #expect(Self.cards(scrum) == ["c", "b", "a"])
        #expect(scrum.contains("<h1>#스크럼</h1>") && scrum.contains("3 posts"))
        #expect(Self.cards(try site.read("public/tags/retro/index.html")) == ["c", "a"])
        let tags = try site.read("public/tags/index.html")
        let retro = try #require(
            tags.range(of: "href=\"/tags/retro/\">#retro</a> <span class=\"count\">2 posts</span>"))
        let encoded = "href=\"/tags/%EC%8A%A4%ED%81%AC%EB%9F%BC/\">#스크럼</a> <span class=\"count\">3 posts</span>"
        let hangul = try #require(tags.range(of: encoded))
        #expect(retro.lowerBound < hangul.lowerBound)  // Sorted by name.
        // Cards and post pages link their tags and their author.
        let post = try site.read("public/posts/a/index.html")
        #expect(post.contains("<li><a href=\"/tags/%EC%8A%A4%ED%81%AC%EB%9F%BC/\">#스크럼</a></li>"))
        #expect(post.contains("<a class=\"username\" href=\"/users/kim/\">kim</a>"))
        #expect(try site.read("public/posts/index.html").contains("<li><a href=\"/tags/retro/\">#retro</a></li>"))
        try site.expectInternalLinksResolve()
        let sitemap = try site.read("public/sitemap.xml")
        for page in ["tags/", "tags/retro/", "tags/%EC%8A%A4%ED%81%AC%EB%9F%BC/", "users/kim/", "users/lee/"] {
            #expect(sitemap.contains("<loc>https://example.org/\(page)</loc>"), "\(page)")
        }
    }

    @Test func spellingsThatDifferOnlyInNormalizationOrCaseAreOneTagShownAsTheOldestPostWritesIt() throws {
        let composed = "caf\u{E9}"  // é as one code point (NFC)
        let decomposed = "cafe\u{301}"  // e and a combining accent (NFD)
        let site = try Self.built(
            Self.site([
                "old": ("kim", "2024-01-01", "[Swift, \"\(decomposed)\"]"), "mid": ("kim", "2024-02-01", "[swift]"),
                "new": ("kim", "2024-03-01", "[SWIFT, \"\(composed.uppercased())\"]"),
            ]))
        #expect(site.files(under: "public/tags").sorted() == ["café/index.html", "index.html", "swift/index.html"])
        let swift = try site.read("public/tags/swift/index.html")
        #expect(Self.cards(swift) == ["new", "mid", "old"])
        #expect(swift.contains("<h1>#Swift</h1>"))
        let cafe = try site.read("public/tags/café/index.html")
        #expect(Self.cards(cafe) == ["new", "old"])
        #expect(cafe.contains("<h1>#\(decomposed)</h1>"))
        // Each post shows the tag as it writes it, linked to the one page.
        #expect(try site.read("public/posts/new/index.html").contains("<a href=\"/tags/swift/\">#SWIFT</a>"))
    }

    @Test func aPostListingOneTagInTwoSpellingsIsAnErrorAtTheSecondAndNothingIsWritten() throws {
        let site = try Self.site(["p": ("kim", "2024-01-01", "[Swift, retro, swift]")])
        let build = try site.sitegen("build")
        #expect(build.status == 1)
        #expect(
            build.stderr.contains(
                "content/posts/p.md:5:22: error: tags holds \"swift\" and \"Swift\" (line 5), which are one: "
                    + "they differ only in case or Unicode normalization; keep one"), "\(build.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func aTagOrUsernameThatCannotNameAFolderGetsASlugAddressAndKeepsItsTextForDisplay() throws {
        // YAML's escapes: a backslash and a control character (BEL).
        let tags = "[\"a/b\", \"..\", \" \", \"back\\\\slash\", \".NET\", \"bell\\a\", 스크럼]"
        let site = try Self.built(Self.site(["p": ("x/y", "2024-01-01", tags)]))
        #expect(
            site.files(under: "public/tags").sorted() == [
                "-./index.html", "-/index.html", "-net/index.html", "a-b/index.html", "back-slash/index.html",
                "bell-/index.html", "index.html", "스크럼/index.html",
            ])
        #expect(try site.read("public/tags/a-b/index.html").contains("<h1>#a/b</h1>"))
        #expect(try site.read("public/tags/-net/index.html").contains("<h1>#.NET</h1>"))
        #expect(Self.cards(try site.read("public/tags/back-slash/index.html")) == ["p"])
        let users = try site.read("public/users/x-y/index.html")
        #expect(users.contains("<h1>x/y</h1>") && Self.cards(users) == ["p"])
        let post = try site.read("public/posts/p/index.html")
        #expect(post.contains("<li><a href=\"/tags/a-b/\">#a/b</a></li>"))
        #expect(post.contains("<li><a href=\"/tags/back-slash/\">#back\\slash</a></li>"))
        #expect(post.contains("<a class=\"username\" href=\"/users/x-y/\">x/y</a>"))
        #expect(try site.read("public/tags/index.html").contains("href=\"/tags/-./\">#..</a>"))
        let sitemap = try site.read("public/sitemap.xml")
        for page in ["tags/a-b/", "tags/-/", "tags/-net/", "users/x-y/"] {
            #expect(sitemap.contains("<loc>https://example.org/\(page)</loc>"), "\(page)")
        }
        try site.expectInternalLinksResolve()
    }

    @Test func twoTagsWhoseSlugsAreOneAddressAreAnErrorNamingBothAndNothingIsWritten() throws {
        let site = try Self.site([
            "old": ("kim", "2024-01-01", "[\"a/b\"]"), "new": ("lee", "2024-02-01", "[A-B]"),
            "other": ("x/y", "2024-01-02", "[]"), "newer": ("X-Y", "2024-03-01", "[]"),
        ])
        let build = try site.sitegen("build")
        #expect(build.status == 1)
        #expect(
            build.stderr.contains(
                "content/posts/new.md: error: tag \"A-B\" and tag \"a/b\" (content/posts/old.md) would share the page tags/a-b/; rename one of them\n"
            ), "\(build.stderr)")
        #expect(
            build.stderr.contains(
                "content/posts/newer.md: error: username \"X-Y\" and username \"x/y\" (content/posts/other.md) would share the page users/x-y/; rename one of them\n"
            ), "\(build.stderr)")
        #expect(!site.exists("public"))
        let check = try site.sitegen("check")
        #expect(check.stderr.split(separator: "\n").dropLast() == build.stderr.split(separator: "\n").dropLast())
    }

    @Test func aTagLongerThanAFolderNameCanBeIsAnErrorAtItsPlace() throws {
        let long = String(repeating: "가", count: 70)  // 210 bytes
        let site = try Self.site(["p": ("kim", "2024-01-01", "[ok, \(long)]")])
        let build = try site.sitegen("build")
        #expect(build.status == 1 && !site.exists("public"))
        #expect(
            build.stderr.contains(
                "content/posts/p.md:5:12: error: each of tags must name a page, but \"\(long)\" is longer than 200 bytes"
            ),
            "\(build.stderr)")
    }

    @Test func newAndEditAcceptTagsThatNeedASlug() throws {
        let site = try Self.site([:], settings: "")
        let new = try site.sitegen(
            "new", "post", "--username", "kim", "--slug", "p", "--date", "2024-01-01", "--tags", "a/b,.NET", "Body")
        #expect(new.status == 0, "\(new.stderr)")
        let edit = try site.sitegen("edit", "posts/p", "--add", "tags=c\\d")
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try site.sitegen("build").status == 0)
        #expect(
            site.files(under: "public/tags").sorted() == [
                "-net/index.html", "a-b/index.html", "c-d/index.html", "index.html",
            ])
    }

    @Test func anAuthorPageListsTheirPostsAndTheProfileThatDeclaresTheUsername() throws {
        let profile = "---\nname: Kim Minji\nusername: kim\nbio: Keeps the backlog tidy\n---\nAbout Kim.\n"
        let site = try Self.built(
            Self.site(
                ["a": ("kim", "2024-01-01", "[]"), "b": ("lee", "2024-02-01", "[]"), "c": ("kim", "2024-03-01", "[]")],
                extra: ["content/profiles/minji.md": profile]))
        let kim = try site.read("public/users/kim/index.html")
        #expect(Self.cards(kim) == ["c", "a"])
        #expect(kim.contains("<h1>kim</h1>"))
        #expect(kim.contains("<a href=\"/profiles/minji/\">Kim Minji</a> · Keeps the backlog tidy"))
        #expect(kim.contains("<span class=\"avatar\""))
        let lee = try site.read("public/users/lee/index.html")
        #expect(Self.cards(lee) == ["b"] && !lee.contains("Kim Minji"))
        let page = try site.read("public/profiles/minji/index.html")
        #expect(page.contains("<h2>Posts by kim</h2>"))
        #expect(Self.cards(page) == ["c", "a"])
        try site.expectInternalLinksResolve()
    }

    @Test func twoProfilesDeclaringOneUsernameAreAnError() throws {
        let site = try Self.site(
            ["a": ("kim", "2024-01-01", "[]")],
            extra: [
                "content/profiles/a.md": "---\nname: A\nusername: kim\n---\nA\n",
                "content/profiles/b.md": "---\nname: B\nusername: Kim\n---\nB\n",
            ])
        let build = try site.sitegen("build")
        #expect(build.status == 1)
        #expect(
            build.stderr.contains(
                "content/profiles/b.md: error: username \"Kim\" is already declared by content/profiles/a.md; one profile per username"
            ))
        #expect(!site.exists("public"))
    }

    @Test func everyPostLinksTheNewerAndTheOlderPostBesideIt() throws {
        let site = try Self.built(
            Self.site([
                "first": ("kim", "2024-01-01", "[]"), "middle": ("kim", "2024-02-01", "[]"),
                "last": ("kim", "2024-03-01", "[]"),
            ]))
        let newest = try site.read("public/posts/last/index.html")
        #expect(!newest.contains("class=\"newer\""))
        #expect(
            newest.contains(
                "<a class=\"older\" href=\"/posts/middle/\" rel=\"next\"><span>Older post</span> Title middle</a>"))
        let middle = try site.read("public/posts/middle/index.html")
        #expect(
            middle.contains(
                "<a class=\"newer\" href=\"/posts/last/\" rel=\"prev\"><span>Newer post</span> Title last</a>"))
        #expect(middle.contains("<a class=\"older\" href=\"/posts/first/\" rel=\"next\">"))
        let oldest = try site.read("public/posts/first/index.html")
        #expect(oldest.contains("class=\"newer\"") && !oldest.contains("class=\"older\""))
        let single = try Self.built(Self.site(["only": ("kim", "2024-01-01", "[]")]))
        #expect(!(try single.read("public/posts/only/index.html")).contains("post-neighbours"))
    }

    @Test func aSiteWithOnlyPostsBuildsAndLinksNoOtherSection() throws {
        let site = try Self.built(Self.site(["a": ("kim", "2024-01-01", "[]")]))
        for folder in ["menu", "profiles", "counter", "primes", "tags"] {
            #expect(!site.exists("public/\(folder)"), "\(folder)")
        }
        for file in site.files(under: "public") where file.hasSuffix(".html") || file.hasSuffix(".xml") {
            let text = try site.read("public/" + file)
            for folder in ["menu", "profiles", "counter", "primes", "tags"] {
                #expect(!text.contains("/\(folder)/"), "\(file) links /\(folder)/")
            }
        }
        try site.expectInternalLinksResolve()
    }
}
