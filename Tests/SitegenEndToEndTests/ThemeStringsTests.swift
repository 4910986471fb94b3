import Foundation
import Testing

/// The built-in theme's words come from the strings table of the site's
/// language, `strings:` replaces them, and its navigation and tiles show only
/// the sections the site has.
@Suite struct ThemeStringsTests {
    private static func site(_ settings: String, posts: Int = 1, extra: [String: String] = [:]) throws -> TempSite {
        var files = ["site.yml": "title: T\nbase_url: https://example.org/\n" + settings]
        for n in 0..<posts {
            files["content/posts/p\(n).md"] =
                "---\nusername: u\ntitle: Post \(n)\ndate: 2024-01-0\(n + 1)\n---\nText \(n).\n"
        }
        files.merge(extra) { _, new in new }
        let site = try TempSite.with(files)
        let build = try site.sitegen("build")
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        return site
    }

    @Test func oneOverriddenStringChangesOnlyThatString() throws {
        let site = try Self.site("language: en\nstrings:\n  recent_posts: Latest writing\n")
        let home = try site.read("public/index.html")
        #expect(home.contains("<h2>Latest writing</h2>"))
        #expect(!home.contains("Recent posts"))
        #expect(home.contains("All posts →") && home.contains("Skip to content"))
    }

    @Test func footnoteBackLinksAreNamedInTheSiteLanguageAndByStrings() throws {
        let post = "---\nusername: u\ntitle: Notes\n---\nA claim[^a].\n\n[^a]: Why.\n"
        let korean = try Self.site("language: ko\n", posts: 0, extra: ["content/posts/n.md": post])
        #expect(
            try korean.read("public/posts/n/index.html").contains(
                "<a href=\"#fnref-a\" class=\"footnote-backref\" data-footnote-backref data-footnote-backref-idx=\"1\" "
                    + "aria-label=\"각주 1 참조 위치로 돌아가기\">↩</a>"))
        let english = try Self.site("language: en\n", posts: 0, extra: ["content/posts/n.md": post])
        #expect(try english.read("public/posts/n/index.html").contains("aria-label=\"Back to reference 1\">↩</a>"))
        let own = try Self.site(
            "language: en\nstrings: {footnote_back: \"Up to note {n}\"}\n", posts: 0,
            extra: ["content/posts/n.md": post])
        #expect(try own.read("public/posts/n/index.html").contains("aria-label=\"Up to note 1\">↩</a>"))
    }

    @Test func alertTitlesAreInTheSiteLanguageAndByStrings() throws {
        let post = "---\nusername: u\ntitle: Alerts\n---\n> [!NOTE]\n> Read.\n\n> [!CAUTION]\n> Hot.\n"
        let korean = try Self.site("language: ko\n", posts: 0, extra: ["content/posts/a.md": post])
        let html = try korean.read("public/posts/a/index.html")
        #expect(html.contains("</svg>참고</p>\n<p>Read.</p>") && html.contains("</svg>주의</p>\n<p>Hot.</p>"))
        let english = try Self.site("language: en\n", posts: 0, extra: ["content/posts/a.md": post])
        #expect(try english.read("public/posts/a/index.html").contains("</svg>Note</p>\n<p>Read.</p>"))
        let own = try Self.site(
            "language: en\nstrings: {alert_note: Heads up}\n", posts: 0, extra: ["content/posts/a.md": post])
        let ownHTML = try own.read("public/posts/a/index.html")
        #expect(ownHTML.contains("</svg>Heads up</p>") && ownHTML.contains("</svg>Caution</p>"))
    }

    @Test func listPagesGoFromTheirTitleToPostCardsOneHeadingLevelDown() throws {
        let site = try Self.site("language: en\n", posts: 2)
        for page in ["public/posts/index.html", "public/users/u/index.html"] {
            let html = try site.read(page)
            let levels = html.matches(of: /<h([1-6])[ >]/).map { Int($0.output.1)! }
            #expect(levels == [1, 2, 2], "\(page): \(levels)")
        }
    }

    @Test func aBodyWritingHashHeadingsIsShownOneLevelDownUnderThePageTitle() throws {
        let site = try Self.site(
            "language: en\n", posts: 0,
            extra: [
                "content/posts/h.md": "---\nusername: u\ntitle: Notes\n---\n# Intro\n\nText.\n\n## Detail\n\nMore.\n",
                "content/posts/k.md": "---\nusername: u\ntitle: Kept\n---\n## Intro\n\nText.\n\n### Detail\n",
            ])
        let demoted = try site.read("public/posts/h/index.html")
        #expect(demoted.matches(of: /<h1[ >]/).count == 1)
        #expect(demoted.contains("<h2 id=\"intro\">Intro "))
        #expect(demoted.contains("<h3 id=\"detail\">Detail "))
        let kept = try site.read("public/posts/k/index.html")
        #expect(kept.contains("<h2 id=\"intro\">Intro ") && kept.contains("<h3 id=\"detail\">Detail "))
    }

    @Test func aSiteTemplateMayUseAStringKeyOfItsOwn() throws {
        let site = try Self.site(
            "strings: {motto: Small and sure}\n",
            extra: [
                "templates/page.mustache": "{{<layout}}{{$main}}<p>{{site.strings.motto}}</p>{{/main}}{{/layout}}\n",
                "content/about.md": "---\ntitle: About\n---\nHi\n",
            ])
        #expect(try site.read("public/about/index.html").contains("<p>Small and sure</p>"))
    }

    @Test func otherLanguagesFallBackToEnglishAndRegionsToTheirLanguage() throws {
        #expect(try Self.site("language: de\n").read("public/index.html").contains("Recent posts"))
        let korean = try Self.site("language: ko-KR\n").read("public/index.html")
        #expect(korean.contains("최근 글") && korean.contains("<html lang=\"ko-KR\">"))
    }

    @Test func countsAreWordedForOneAndForMany() throws {
        let one = try Self.site("", posts: 1).read("public/posts/index.html")
        #expect(one.contains("1 post</p>"))
        let three = try Self.site("", posts: 3).read("public/posts/index.html")
        #expect(three.contains("3 posts</p>"))
        #expect(try Self.site("language: ko\n", posts: 3).read("public/posts/index.html").contains("글 3개</p>"))
    }

    @Test func aStringsValueThatIsNotAMappingIsAnErrorAtIt() throws {
        let site = try TempSite.with(["site.yml": "title: T\nbase_url: https://example.org/\nstrings: [a, b]\n"])
        let build = try site.sitegen("build")
        #expect(build.status == 1)
        #expect(build.stderr.contains("site.yml:3:10: error: strings must be a mapping of string keys to text"))
        #expect(!site.exists("public"))
    }

    @Test func theDefaultNavigationListsOnlyTheSectionsTheSiteHas() throws {
        let blog = try Self.site("", extra: ["content/about.md": "---\ntitle: About me\n---\nHi\n"])
        let home = try blog.read("public/index.html")
        let nav = try #require(home.firstMatch(of: /<nav[\s\S]*?<\/nav>/)).output
        #expect(
            nav.contains(">Home</a>") && nav.contains(">Posts</a>") && nav.contains("href=\"/about/\">About me</a>"))
        for missing in ["/menu/", "/profiles/", "/counter/", "/primes/"] {
            #expect(!home.contains(missing), "\(missing)")
        }
        #expect(!blog.exists("public/menu/index.html") && !blog.exists("public/profiles/index.html"))
        #expect(!home.contains("class=\"tiles\""))  // Only one section with a summary: no tiles.
        try blog.expectInternalLinksResolve()

        let club = try Self.site("", extra: ["content/menu/soup.md": "---\nname: Soup\nprice: 5000\n---\nHot.\n"])
        let clubHome = try club.read("public/index.html")
        #expect(clubHome.contains("class=\"tiles\"") && clubHome.contains("<strong>Menu</strong><span>1 dish</span>"))
        #expect(clubHome.contains("href=\"/menu/\""))
        try club.expectInternalLinksResolve()
    }
}
