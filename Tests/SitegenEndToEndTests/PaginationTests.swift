import Foundation
import Testing

/// `paginate: N` cuts the posts list, each tag page and each author page into
/// pages of N posts: the first at the list's address, page K at `…/page/K/`.
@Suite struct PaginationTests {
    private static func site(posts: Int, settings: String = "paginate: 2\n") throws -> TempSite {
        var files = ["site.yml": "title: T\nbase_url: https://example.org/\nlanguage: en\n" + settings]
        for n in 0..<posts {
            let day = String(format: "%02d", n + 1)
            files["content/posts/p\(day).md"] =
                "---\nusername: kim\ntitle: Post \(day)\ndate: 2024-01-\(day)\ntags: [t]\n---\nText.\n"
        }
        let site = try TempSite.with(files)
        let build = try site.sitegen("build")
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        return site
    }

    private static func cards(_ page: String) -> [String] {
        page.matches(of: /<h2 class="card-title"><a href="\/posts\/([^\/]+)\/">/).map { String($0.output.1) }
    }

    /// The list pages' files under `folder` (`public/posts`), without the posts' own pages.
    private static func listPages(_ site: TempSite, _ folder: String) -> [String] {
        site.files(under: folder).filter { $0 == "index.html" || $0.hasPrefix("page/") }.sorted()
    }

    @Test func noPostsMakeOneEmptyPage() throws {
        let site = try Self.site(posts: 0)
        #expect(Self.listPages(site, "public/posts") == ["index.html"])
        let list = try site.read("public/posts/index.html")
        #expect(list.contains("No posts yet.") && !list.contains("class=\"pagination\""))
        #expect(!site.exists("public/tags") && !site.exists("public/users"))
    }

    @Test func exactlyOnePageOfPostsHasNoPageLinks() throws {
        let site = try Self.site(posts: 2)
        #expect(Self.listPages(site, "public/posts") == ["index.html"])
        let list = try site.read("public/posts/index.html")
        #expect(Self.cards(list) == ["p02", "p01"])
        #expect(!list.contains("class=\"pagination\"") && !list.contains("rel=\"next\""))
    }

    @Test func onePostMoreMakesASecondPageAndNoPageOne() throws {
        let site = try Self.site(posts: 3)
        #expect(Self.listPages(site, "public/posts") == ["index.html", "page/2/index.html"])
        let first = try site.read("public/posts/index.html")
        #expect(Self.cards(first) == ["p03", "p02"])
        #expect(first.contains("<link rel=\"next\" href=\"/posts/page/2/\">"))
        #expect(first.contains("<a href=\"/posts/page/2/\" rel=\"next\">Older →</a>"))
        #expect(first.contains("Page 1 of 2 · 3 posts"))
        #expect(first.contains("<span aria-current=\"page\">1</span>"))
        #expect(!first.contains("rel=\"prev\""))
        let second = try site.read("public/posts/page/2/index.html")
        #expect(Self.cards(second) == ["p01"])
        #expect(second.contains("<link rel=\"prev\" href=\"/posts/\">"))
        #expect(second.contains("<a href=\"/posts/\" rel=\"prev\">← Newer</a>") && !second.contains("rel=\"next\""))
        #expect(second.contains("<title>Posts (page 2) · T</title>"))
        // Tag and author pages are cut the same way.
        #expect(Self.listPages(site, "public/tags/t") == ["index.html", "page/2/index.html"])
        #expect(Self.cards(try site.read("public/users/kim/page/2/index.html")) == ["p01"])
        #expect(try site.read("public/sitemap.xml").contains("<loc>https://example.org/posts/page/2/</loc>"))
        try site.expectInternalLinksResolve()
    }

    @Test func manyPagesShowAWindowOfPageNumbers() throws {
        let site = try Self.site(posts: 20, settings: "paginate: 1\n")
        let page = try site.read("public/posts/page/10/index.html")
        let numbers = page.matches(of: /<li>(?:<a href="[^"]*">|<span aria-current="page">)(\d+)</).map {
            Int($0.output.1)!
        }
        #expect(numbers == [1, 8, 9, 10, 11, 12, 20])
        #expect(page.components(separatedBy: "pagination-gap").count - 1 == 2)
    }

    @Test func paginateZeroKeepsEveryPostOnOnePage() throws {
        let site = try Self.site(posts: 25, settings: "paginate: 0\n")
        #expect(Self.listPages(site, "public/posts") == ["index.html"])
        #expect(Self.cards(try site.read("public/posts/index.html")).count == 25)
    }

    @Test func theDefaultIsTwentyAPage() throws {
        let site = try Self.site(posts: 21, settings: "")
        #expect(Self.cards(try site.read("public/posts/index.html")).count == 20)
        #expect(Self.cards(try site.read("public/posts/page/2/index.html")) == ["p01"])
    }

    @Test func aBadPaginateIsAnErrorAtItsPlace() throws {
        let site = try TempSite.with(["site.yml": "title: T\npaginate: -3\n"])
        let build = try site.sitegen("build")
        #expect(build.status == 1)
        #expect(build.stderr.contains("site.yml:2:11: error: paginate must be 0 or more, got -3"), "\(build.stderr)")
        #expect(!site.exists("public"))
        try site.write("site.yml", "title: T\npaginate: lots\n")
        #expect(
            try site.sitegen("build").stderr.contains(
                "site.yml:2:11: error: paginate must be a number of posts per page (0 for one page), got \"lots\""))
    }

    @Test func editingOnePostsTagsRerendersOnlyThePagesThatShowIt() throws {
        let site = try Self.site(posts: 5)
        try site.write(
            "content/posts/p03.md",
            try site.read("content/posts/p03.md").replacingOccurrences(of: "tags: [t]", with: "tags: [u]"))
        let build = try site.sitegen("build")
        // The post; the home page (its recent posts), page 2 of the posts list and of kim's (its card); both pages
        // left of t's three (its count and pages changed), u's new page and the tags page.
        #expect(build.stdout.contains("(8 rendered, "), "\(build.stdout)")
        try site.expectSameAsCleanBuild()
    }

    /// A list template from a theme older than pagination: it shows every post through `site.posts`
    /// inside the built-in layout (which reads `page.pagination` for its `rel` links, but not the items).
    private static let oldPostsTemplate =
        "{{<layout}}{{$main}}<ul>{{#site.posts}}<li class=\"old\"><a href=\"{{url}}\">{{title}}</a></li>{{/site.posts}}</ul>{{/main}}{{/layout}}\n"

    @Test func aListTemplateThatNeverReadsThePaginationItemsKeepsItsListOnOnePageWithAWarning() throws {
        var files = [
            "site.yml": "title: T\nbase_url: https://example.org/\nlanguage: en\npaginate: 2\n",
            "templates/posts.mustache": Self.oldPostsTemplate,
            // Reads a page's share, through a partial of its own that opens `page.pagination`.
            "templates/tag.mustache": "{{<layout}}{{$main}}{{>partials/mine}}{{/main}}{{/layout}}\n",
            "templates/partials/mine.mustache":
                "{{#page.pagination}}{{#items}}<p>{{title}}</p>{{/items}}{{/page.pagination}}\n",
        ]
        for n in 1...5 {
            files["content/posts/p\(n).md"] =
                "---\nusername: kim\ntitle: Post \(n)\ndate: 2024-01-0\(n)\ntags: [t]\n---\nText.\n"
        }
        let site = try TempSite.with(files)
        let build = try site.sitegen("build")
        #expect(build.status == 0)
        #expect(
            build.stderr
                == "templates/posts.mustache: warning: this template never reads page.pagination.items, so the posts list is one page; "
                + "show {{#page.pagination}}{{#items}}…{{/items}}{{/page.pagination}} to cut it into pages of 2 posts, "
                + "as the built-in theme does, or set paginate: 0 in site.yml\n")
        #expect(Self.listPages(site, "public/posts") == ["index.html"])
        let list = try site.read("public/posts/index.html")
        #expect(list.matches(of: /<li class="old">/).count == 5 && !list.contains("rel=\"next\""))
        #expect(!(try site.read("public/sitemap.xml")).contains("/posts/page/"))
        // The tag list reads its share through the partial, and is cut into pages as before; so is
        // the author list, with the built-in template.
        #expect(Self.listPages(site, "public/tags/t") == ["index.html", "page/2/index.html", "page/3/index.html"])
        #expect(Self.listPages(site, "public/users/kim") == ["index.html", "page/2/index.html", "page/3/index.html"])
        // With paginate: 0 nothing is cut, and there is nothing to warn about.
        try site.write("site.yml", "title: T\nbase_url: https://example.org/\nlanguage: en\npaginate: 0\n")
        let unpaginated = try site.sitegen("build")
        #expect(unpaginated.status == 0 && unpaginated.stderr.isEmpty, "\(unpaginated.stderr)")
        try site.expectSameAsCleanBuild("paginate: 0")
    }
}
