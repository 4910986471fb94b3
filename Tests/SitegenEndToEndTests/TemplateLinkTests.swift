import Foundation
import Testing

/// Links written as they are in a template's text (`<a href="/menu/">`) are checked like
/// Markdown's: each must arrive at a page, an asset or a published file on every page the
/// template renders, or it is an error at its place in the template.
@Suite struct TemplateLinkTests {
    /// A site of one post and an about page, with `templates` of its own.
    private static func site(_ templates: [String: String], baseURL: String = "https://example.org/") throws
        -> TempSite
    {
        var files = [
            "site.yml": "title: T\nbase_url: \(baseURL)\nlanguage: en\n",
            "content/posts/hello.md": "---\nusername: kim\ntitle: Hello\ndate: 2024-01-01\n---\nHi.\n",
            "content/about.md": "---\ntitle: About\n---\nAbout us.\n",
        ]
        for (name, text) in templates { files["templates/\(name).mustache"] = text }
        return try TempSite.with(files)
    }

    @Test func anOldHomeTemplateLinkingASectionTheSiteLacksIsAnErrorAtItsPlaceAndNothingIsWritten() throws {
        let home =
            "{{<layout}}{{$main}}\n<h1>{{site.title}}</h1>\n<p><a class=\"tile\" href=\"/menu/\">Menu</a></p>\n{{/main}}{{/layout}}\n"
        let site = try Self.site(["home": home])
        let build = try site.sitegen("build")
        #expect(build.status == 1)
        #expect(
            build.stderr.hasPrefix(
                "templates/home.mustache:3:26: error: broken link /menu/: no page or file of this site is at /menu/\n"),
            "\(build.stderr)")
        #expect(!site.exists("public"))
        #expect(try site.sitegen("check").stderr.hasPrefix("templates/home.mustache:3:26: error: broken link /menu/"))
    }

    @Test func literalLinksThatArriveOnEveryPageBuildAndValuesFragmentsAndOtherSitesAreLeftAlone() throws {
        let post = """
            {{<layout}}{{$main}}<article>{{{page.content}}}</article>
            <a href="/about/">about</a> <a href='/posts/'>all</a> <img src="/assets/style.css" alt="">
            <a href="../">up</a> <a href=../../about/>about, relative</a> <a href="#main">top</a>
            <a href="{{site.root}}nowhere/">a value</a> <a href="https://example.com/gone/">away</a>
            <!-- <a href="/in-a-comment/">x</a> --><script>if (a<b) { x.href="/in-a-script/"; }</script>
            {{! <a href="/in-a-mustache-comment/"> }}{{/main}}{{/layout}}

            """
        let site = try Self.site(["post": post])
        let build = try site.sitegen("build")
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
    }

    @Test func aRelativeLinkIsCheckedFromEveryPageItIsRenderedOn() throws {
        // From /posts/hello/, `about/` is /posts/hello/about/; through a partial the post template includes.
        let site = try Self.site([
            "post": "{{<layout}}{{$main}}{{>partials/aside}}{{/main}}{{/layout}}\n",
            "partials/aside": "<aside>\n  <a href=\"about/\">about</a>\n</aside>\n",
        ])
        let build = try site.sitegen("build")
        #expect(build.status == 1)
        #expect(
            build.stderr.hasPrefix(
                "templates/partials/aside.mustache:2:12: error: broken link about/: on the page /posts/hello/ it leads to /posts/hello/about/, where no page or file of this site is\n"
            ), "\(build.stderr)")
    }

    @Test func underASubPathARootRelativeLinkLeadsOutOfTheSite() throws {
        let home = "{{<layout}}{{$main}}<a href=\"/posts/\">Posts</a>{{/main}}{{/layout}}\n"
        let site = try Self.site(["home": home], baseURL: "https://example.org/blog/")
        let build = try site.sitegen("build")
        #expect(build.status == 1)
        #expect(
            build.stderr.hasPrefix(
                "templates/home.mustache:1:30: error: broken link /posts/: the site lives under /blog/, so this leads out of it; write {{site.root}}posts/\n"
            ), "\(build.stderr)")
    }

    @Test func theBuiltInThemesLinksPassOnSitesWithOnlyPostsOrOnlyPages() throws {
        let parent = try TempSite.with([:])
        #expect(try parent.sitegen("init", "site", "--title", "T").status == 0)
        let site = parent.sub("site")
        let posts = try site.sitegen("build")
        #expect(posts.status == 0 && posts.stderr.isEmpty, "\(posts.stderr)")
        try FileManager.default.removeItem(at: parent.url("site/content/posts"))
        let pages = try site.sitegen("build")
        #expect(pages.status == 0 && pages.stderr.isEmpty, "\(pages.stderr)")
    }
}
