import Foundation
import Testing

/// Every page's head says what link previews and search engines need (`page.head`, written by
/// the default layout): its canonical URL, title, own description, type, picture and dates.
@Suite struct PageHeadTests {
    static let siteYML = """
        title: Club & Co
        description: The club's site.
        base_url: https://example.org/club/
        language: ko
        image: /img/card.png

        """

    /// A site with a post naming its image, a post showing one in its body, and a page with neither.
    static func site(_ settings: String = siteYML) throws -> TempSite {
        let site = try TempSite.with([
            "site.yml": settings,
            "content/posts/cover/index.md": """
            ---
            username: kim
            title: Cover "story"
            date: 2025-01-02
            updated: 2025-03-03
            image: photo.png
            ---
            Tea & cake.

            """,
            "content/posts/body.md": """
            ---
            username: lee
            title: Body
            date: 2025-01-01T09:30:00+09:00
            ---
            Look:

            ![the map](cover/photo.png)

            """,
            "content/about.md": "---\ntitle: About\n---\nWho we are.\n",
        ])
        try site.writeBytes("content/posts/cover/photo.png", ImageTests.png(width: 1200, height: 630))
        try site.writeBytes("static/img/card.png", ImageTests.png(width: 800, height: 400))
        return site
    }

    /// The lines of a page's head from the canonical link to the Twitter card.
    static func headTags(_ html: String) -> [String] {
        html.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("<link rel=\"canonical\"") || $0.hasPrefix("<meta property=")
                || $0.hasPrefix("<meta name=\"twitter")
                || $0.hasPrefix("<meta name=\"description\"")
        }
    }

    @Test func aPostWithAnImageFieldHasEveryTag() throws {
        let site = try Self.site()
        let run = try site.sitegen("build")
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        #expect(
            Self.headTags(try site.read("public/posts/cover/index.html")) == [
                "<meta name=\"description\" content=\"Tea &amp; cake.\">",
                "<link rel=\"canonical\" href=\"https://example.org/club/posts/cover/\">",
                "<meta property=\"og:title\" content=\"Cover &quot;story&quot;\">",
                "<meta property=\"og:description\" content=\"Tea &amp; cake.\">",
                "<meta property=\"og:url\" content=\"https://example.org/club/posts/cover/\">",
                "<meta property=\"og:type\" content=\"article\">",
                "<meta property=\"og:site_name\" content=\"Club &amp; Co\">",
                "<meta property=\"og:locale\" content=\"ko_KR\">",
                "<meta property=\"og:image\" content=\"https://example.org/club/posts/cover/photo.png\">",
                "<meta property=\"og:image:width\" content=\"1200\">",
                "<meta property=\"og:image:height\" content=\"630\">",
                "<meta property=\"og:image:alt\" content=\"Cover &quot;story&quot;\">",
                "<meta property=\"article:published_time\" content=\"2025-01-02T00:00:00Z\">",
                "<meta property=\"article:modified_time\" content=\"2025-03-03T00:00:00Z\">",
                "<meta name=\"twitter:card\" content=\"summary_large_image\">",
            ])
    }

    @Test func aPostWithOnlyABodyImageShowsThatImage() throws {
        let site = try Self.site()
        #expect(try site.sitegen("build").status == 0)
        let tags = Self.headTags(try site.read("public/posts/body/index.html"))
        #expect(
            tags.contains("<meta property=\"og:image\" content=\"https://example.org/club/posts/cover/photo.png\">"))
        #expect(tags.contains("<meta property=\"og:image:width\" content=\"1200\">"))
        #expect(tags.contains("<meta property=\"og:image:alt\" content=\"Body\">"))
        #expect(tags.contains("<meta property=\"article:published_time\" content=\"2025-01-01T09:30:00+09:00\">"))
        #expect(!tags.contains { $0.contains("article:modified_time") })
        #expect(tags.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
    }

    @Test func aPageWithNeitherShowsTheSiteImageAndIsAWebsite() throws {
        let site = try Self.site()
        #expect(try site.sitegen("build").status == 0)
        #expect(
            Self.headTags(try site.read("public/about/index.html")) == [
                "<meta name=\"description\" content=\"Who we are.\">",
                "<link rel=\"canonical\" href=\"https://example.org/club/about/\">",
                "<meta property=\"og:title\" content=\"About\">",
                "<meta property=\"og:description\" content=\"Who we are.\">",
                "<meta property=\"og:url\" content=\"https://example.org/club/about/\">",
                "<meta property=\"og:type\" content=\"website\">",
                "<meta property=\"og:site_name\" content=\"Club &amp; Co\">",
                "<meta property=\"og:locale\" content=\"ko_KR\">",
                "<meta property=\"og:image\" content=\"https://example.org/club/img/card.png\">",
                "<meta property=\"og:image:width\" content=\"800\">",
                "<meta property=\"og:image:height\" content=\"400\">",
                "<meta property=\"og:image:alt\" content=\"Club &amp; Co\">",
                "<meta name=\"twitter:card\" content=\"summary_large_image\">",
            ])
    }

    @Test func withoutAnyImageTheCardIsASummaryAndNoImageTagIsWritten() throws {
        let site = try Self.site(
            Self.siteYML.replacingOccurrences(of: "image: /img/card.png\n", with: "language: en\n")
                .replacingOccurrences(of: "language: ko\n", with: ""))
        #expect(try site.sitegen("build").status == 0)
        let tags = Self.headTags(try site.read("public/about/index.html"))
        #expect(!tags.contains { $0.contains("og:image") })
        #expect(tags.contains("<meta property=\"og:locale\" content=\"en_US\">"))
        #expect(tags.contains("<meta name=\"twitter:card\" content=\"summary\">"))
        // A list page has the site's description.
        let list = Self.headTags(try site.read("public/posts/index.html"))
        #expect(list.contains("<meta property=\"og:description\" content=\"The club&#39;s site.\">"))
    }

    @Test func withoutAnAbsoluteBaseURLTheTagsAreLeftOutWithOneWarning() throws {
        let site = try Self.site(Self.siteYML.replacingOccurrences(of: "https://example.org/club/", with: "/club/"))
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "site.yml:3:11: warning: feed.xml and sitemap.xml need an absolute base_url such as "
                + "https://example.org/; pages are written without canonical links and link previews "
                + "(OpenGraph, Twitter cards)\n")
        for page in ["public/posts/cover/index.html", "public/posts/body/index.html", "public/about/index.html"] {
            #expect(Self.headTags(try site.read(page)).allSatisfy { $0.hasPrefix("<meta name=\"description\"") })
        }
    }

    @Test func aMissingSiteImageIsAnErrorAtItsLine() throws {
        let site = try Self.site(Self.siteYML.replacingOccurrences(of: "/img/card.png", with: "/img/gone.png"))
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "site.yml:5:8: error: image names \"/img/gone.png\", but the site publishes no /img/gone.png "
                    + "(put the image at static/img/gone.png)\n"), "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func eachPageHasItsOwnDescription() throws {
        let long = String(repeating: "word ", count: 60)
        let korean = String(repeating: "가나다라 ", count: 40)
        let japanese = String(repeating: "日本語の文章", count: 40)
        let site = try TempSite.with([
            "site.yml": "title: T\nbase_url: https://example.org/\ndescription: The site.\n",
            "content/posts/field.md": "---\nusername: kim\ndescription: Its own line.\n---\nBody text.\n",
            "content/posts/long.md": "---\nusername: kim\n---\n\(long)\n",
            "content/posts/korean.md": "---\nusername: kim\n---\n\(korean)\n",
            "content/posts/japanese.md": "---\nusername: kim\n---\n\(japanese)\n",
        ])
        #expect(try site.sitegen("build").status == 0)
        func description(_ slug: String) throws -> String {
            let html = try site.read("public/posts/\(slug)/index.html")
            let line = html.split(separator: "\n").first { $0.hasPrefix("<meta property=\"og:description\"") } ?? ""
            return String(line.dropFirst("<meta property=\"og:description\" content=\"".count).dropLast(2))
        }
        #expect(try description("field") == "Its own line.")
        // 160 columns at most, cut after a word.
        #expect(try description("long") == String(repeating: "word ", count: 31) + "word…")
        // Hangul counts two columns and has spaces: each word of four is nine columns, and 17 fit in 160.
        #expect(try description("korean") == String(repeating: "가나다라 ", count: 16) + "가나다라…")
        // Japanese has no spaces: cut between characters, at 80 of them.
        #expect(try description("japanese") == String(String(repeating: "日本語の文章", count: 14).prefix(80)) + "…")
    }
}
