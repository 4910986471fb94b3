import Foundation
import Testing

/// What list pages and a page's head show of a post: its excerpt (up to a
/// `<!--more-->` line), or its `description:`; and the table of contents.
@Suite struct PostSummaryTests {
    private static func site(_ post: String) throws -> TempSite {
        let site = try TempSite.with([
            "site.yml": "title: T\nbase_url: https://example.org/\ndescription: The site.\n",
            "content/posts/a.md": "---\nusername: u\ntitle: A\ndate: 2024-01-01\n" + post,
        ])
        let build = try site.sitegen("build")
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        return site
    }

    private static func card(_ site: TempSite) throws -> String {
        let list = try site.read("public/posts/index.html")
        return String(try #require(list.firstMatch(of: /<p class="excerpt">([^<]*)<\/p>/)).output.1)
    }

    @Test func aMoreLineEndsTheExcerptAndIsNotOnThePage() throws {
        let site = try Self.site("---\nFirst words.\n\n<!--more-->\n\nThe rest of it, which cards do not show.\n")
        #expect(try Self.card(site) == "First words.")
        let page = try site.read("public/posts/a/index.html")
        #expect(page.contains("The rest of it") && !page.contains("more-->") && !page.contains("raw HTML omitted"))
    }

    @Test func theExcerptSkipsHeadingsCodeAndTables() throws {
        let site = try Self.site(
            "---\n# Title\n\n```sh\nmake site\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nThe words.\n")
        #expect(try Self.card(site) == "The words.")
    }

    @Test func aDescriptionIsTheCardTextAndTheMetaDescription() throws {
        let site = try Self.site("description: In one line.\n---\nThe body, not shown on cards.\n")
        #expect(try Self.card(site) == "In one line.")
        let page = try site.read("public/posts/a/index.html")
        #expect(page.contains("<meta name=\"description\" content=\"In one line.\">"))
        #expect(try site.read("public/index.html").contains("<meta name=\"description\" content=\"The site.\">"))
    }

    @Test func aPostWithSectionsGetsATableOfContents() throws {
        let site = try Self.site("---\nIntro.\n\n## Setup\n\n### Install\n\n## Use\n")
        let page = try site.read("public/posts/a/index.html")
        let toc = String(try #require(page.firstMatch(of: /<nav class="toc"[\s\S]*?<\/nav>/)).output)
        #expect(toc.contains("<a href=\"#setup\">Setup</a><ol><li><a href=\"#install\">Install</a></li></ol>"))
        #expect(toc.contains("<a href=\"#use\">Use</a>"))
        #expect(page.contains("<h2 id=\"setup\">"))
        let short = try Self.site("---\nIntro.\n\n## Only one\n")
        #expect(!(try short.read("public/posts/a/index.html")).contains("class=\"toc\""))
    }
}
