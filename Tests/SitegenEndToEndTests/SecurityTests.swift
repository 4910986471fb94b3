import Foundation
import Testing

/// Content cannot inject markup: values are escaped, raw HTML and
/// `javascript:` links are dropped unless the site opts in.
@Suite struct SecurityTests {
    static let payload = "<script>alert('x')</script><img src=x onerror=alert(1)>"
    /// A username or tag names a page's folder, so it cannot hold a slash; this one is hostile without one.
    static let namePayload = "<img src=x onerror=alert(1)>'&"

    private func builtSite() throws -> TempSite {
        let site = try TempSite.sample()
        let p = Self.payload
        try site.write(
            "content/posts/xss.md",
            "---\nusername: \"\(Self.namePayload)\"\ntitle: \"\(p)\"\ntags: [\"\(Self.namePayload)\"]\n---\n\(p)\n\n[click](javascript:alert(1))\n"
        )
        try site.write("content/profiles/xss.md", "---\nname: \"\(p)\"\nbio: \"\(p)\"\n---\n\(p)\n")
        try site.write("content/menu/xss.md", "---\nname: \"\(p)\"\nprice: 1\n---\n\(p)\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        return site
    }

    @Test func noPageCarriesTheScriptTagOrHandler() throws {
        let site = try builtSite()
        for file in site.files(under: "public") where file.hasSuffix(".html") {
            let html = try site.read("public/" + file)
            #expect(!html.contains("<script>"), "\(file)")
            #expect(!html.contains("<img src=x"), "\(file)")
            #expect(!html.contains("javascript:"), "\(file)")
        }
    }

    @Test func valuesAreShownEscaped() throws {
        let site = try builtSite()
        let page = try site.read("public/posts/xss/index.html")
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(try site.read("public/profiles/xss/index.html").contains("&lt;img src=x onerror=alert(1)&gt;"))
        let author = try site.read("public/users/\(Self.namePayload)/index.html")
        #expect(author.contains("<h1>&lt;img src=x onerror=alert(1)&gt;&#39;&amp;</h1>"))
    }

    @Test func feedEscapesEveryValue() throws {
        let site = try builtSite()
        let feed = try site.read("public/feed.xml")
        #expect(!feed.contains("<script>"))
        #expect(feed.contains("<title>&lt;script&gt;"))
    }

    @Test func unsafeHTMLIsKeptOnlyWhenTheSiteOptsIn() throws {
        let site = try TempSite.sample()
        try site.write(
            "site.yml",
            try site.read("site.yml").replacingOccurrences(of: "unsafe_html: false", with: "unsafe_html: true"))
        try site.write("content/posts/raw.md", "---\nusername: a\n---\n<video src=\"v.mp4\"></video>\n")
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/posts/raw/index.html").contains("<video src=\"v.mp4\"></video>"))
    }
}
