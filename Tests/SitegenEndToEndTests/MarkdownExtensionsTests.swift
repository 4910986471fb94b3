import Foundation
import Testing

/// What a site's author sees of the Markdown extensions: raw HTML left out with one warning per file,
/// `markdown:` in `site.yml` switching extensions off, and its mistakes reported at their place.
@Suite struct MarkdownExtensionsTests {
    private static let settings = "title: T\nbase_url: https://example.org/\n"
    private static let advice =
        "set unsafe_html: safe in site.yml to keep its harmless part, or true to keep it all"

    /// A post whose body has raw HTML in three places, the first on line 7 of the file (column 6).
    private static let post =
        "---\nusername: kim\ntitle: Raw\n---\nIntro.\n\nSome <b>bold</b> text.\n\n<div>block</div>\n"
    /// A page with raw HTML in a table cell, on line 6, column 3 of the file.
    private static let page = "---\ntitle: Keys\n---\n| key | does |\n|---|---|\n| <kbd>q</kbd> | quit |\n"

    private func site(_ settings: String = settings) throws -> TempSite {
        try TempSite.with(["site.yml": settings, "content/posts/raw.md": Self.post, "content/keys.md": Self.page])
    }

    @Test func rawHTMLLeftOutIsOneWarningPerFileAtItsFirstPlaceCountedInTheWholeFile() throws {
        let site = try site()
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr == """
                content/keys.md:6:3: warning: raw HTML is left out of the page (2 places; this is the first); \(Self.advice)
                content/posts/raw.md:7:6: warning: raw HTML is left out of the page (3 places; this is the first); \(Self.advice)

                """)
        let post = try site.read("public/posts/raw/index.html")
        #expect(post.contains("<p>Some <!-- raw HTML omitted -->bold<!-- raw HTML omitted --> text.</p>"))
        #expect(!post.contains("<div>block</div>") && !post.contains("<b>"))
        #expect(!(try site.read("public/keys/index.html")).contains("<kbd>"))
    }

    @Test func oneRawHTMLPlaceIsWarnedAboutWithoutACount() throws {
        let single = try TempSite.with([
            "site.yml": Self.settings, "content/about.md": "---\ntitle: About\n---\n\n\nA line break<br>here.\n",
        ])
        let run = try single.sitegen("build")
        #expect(run.status == 0)
        #expect(run.stderr == "content/about.md:6:13: warning: raw HTML is left out of the page; \(Self.advice)\n")
    }

    @Test func withUnsafeHTMLTheHTMLIsKeptAndNothingIsSaid() throws {
        let site = try site(Self.settings + "unsafe_html: true\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(
            try site.read("public/posts/raw/index.html").contains("<p>Some <b>bold</b> text.</p>\n<div>block</div>"))
        #expect(try site.read("public/keys/index.html").contains("<td><kbd>q</kbd></td>"))
    }

    @Test func theWarningIsRepeatedWhenTheUnchangedFileIsBuiltAgain() throws {
        let site = try site()
        let first = try site.sitegen("build")
        let again = try site.sitegen("build")
        #expect(again.status == 0)
        #expect(again.stdout.contains("(0 rendered, "), "\(again.stdout)")
        #expect(!again.stderr.isEmpty)
        #expect(again.stderr == first.stderr)
    }

    @Test func aMoreLineIsTakenOutOfThePageWithoutAWarning() throws {
        let site = try TempSite.with([
            "site.yml": Self.settings,
            "content/posts/cut.md":
                "---\nusername: kim\ntitle: Cut\n---\nShown in the list.\n\n<!--more-->\n\nOnly on the page.\n",
        ])
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let page = try site.read("public/posts/cut/index.html")
        #expect(page.contains("<p>Shown in the list.</p>\n<p>Only on the page.</p>"))
        #expect(!page.contains("more"))
    }

    @Test func tablesFalseTurnsTablesOffAndLeavesTheOtherExtensionsOn() throws {
        let site = try TempSite.with([
            "site.yml": Self.settings + "markdown:\n  tables: false\n",
            "content/about.md": "---\ntitle: About\n---\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ new\n",
        ])
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        let page = try site.read("public/about/index.html")
        #expect(page.contains("<p>| a | b |\n|---|---|\n| 1 | 2 |</p>"))
        #expect(!page.contains("<table>"))
        #expect(page.contains("<p><del>old</del> new</p>"))
    }

    private func expectFailure(_ run: RunResult, _ site: TempSite, line: String) {
        #expect(run.status == 1)
        #expect(run.stderr.contains(line + "\n"), "stderr was: \(run.stderr)")
        #expect(run.stderr.hasSuffix("\n1 error in 1 file; nothing was written\n"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(!site.exists("public"))
    }

    @Test func anUnknownMarkdownKeyIsAnErrorAtTheKey() throws {
        let site = try site(Self.settings + "markdown:\n  tables: true\n  tabels: false\n")
        expectFailure(
            try site.sitegen("build"), site,
            line:
                "site.yml:5:3: error: markdown has no extension \"tabels\"; they are tables, strikethrough, autolinks, task_lists, footnotes, heading_anchors, highlight, alerts"
        )
    }

    @Test func aMarkdownValueThatIsNotTrueOrFalseIsAnErrorAtTheValue() throws {
        let site = try site(Self.settings + "markdown: {footnotes: sometimes}\n")
        expectFailure(
            try site.sitegen("build"), site,
            line: "site.yml:3:23: error: markdown.footnotes must be true or false, got \"sometimes\"")
    }
}
