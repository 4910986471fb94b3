import Foundation
import Testing

/// Dates as written: shown in their offset, zone-less ones in `timezone:`;
/// posts dated after "now" wait for it, and now is an input.
@Suite struct DatesTests {
    private static func site(_ settings: String = "", posts: [String: String]) throws -> TempSite {
        var files = ["site.yml": "title: T\nbase_url: https://example.org/\nlanguage: en\n" + settings]
        for (slug, date) in posts {
            files["content/posts/\(slug).md"] =
                "---\nusername: u\ntitle: \(slug)\ndate: \(date)\n---\nText of \(slug).\n"
        }
        return try TempSite.with(files)
    }

    private static func time(of slug: String, in site: TempSite) throws -> String {
        let page = try site.read("public/posts/\(slug)/index.html")
        return String(try #require(page.firstMatch(of: /<time [^>]*>[^<]*<\/time>/)).output)
    }

    @Test func aDateIsShownInTheOffsetItWasWrittenIn() throws {
        let site = try Self.site(
            "timezone: Asia/Seoul\n",
            posts: [
                "seoul": "2024-03-21T08:05:00+09:00", "utc": "2024-03-20T23:30:00Z", "plain": "2024-03-21 07:00",
                "day": "2024-03-22",
            ])
        #expect(try site.sitegen("build").status == 0)
        #expect(
            try Self.time(of: "seoul", in: site) == "<time datetime=\"2024-03-21T08:05:00+09:00\">March 21, 2024</time>"
        )
        #expect(try Self.time(of: "utc", in: site) == "<time datetime=\"2024-03-20T23:30:00Z\">March 20, 2024</time>")
        // Written without an offset: read in site.yml's time zone.
        #expect(
            try Self.time(of: "plain", in: site) == "<time datetime=\"2024-03-21T07:00:00+09:00\">March 21, 2024</time>"
        )
        #expect(
            try Self.time(of: "day", in: site) == "<time datetime=\"2024-03-22T00:00:00+09:00\">March 22, 2024</time>")
        let feed = try site.read("public/feed.xml")
        #expect(feed.contains("<updated>2024-03-22T00:00:00+09:00</updated>"))
        #expect(feed.contains("<updated>2024-03-21T07:00:00+09:00</updated>"))
        #expect(try site.read("public/sitemap.xml").contains("<lastmod>2024-03-21T08:05:00+09:00</lastmod>"))
        // Sorted by the instant: 07:00 in Seoul is before 08:05 there, and 23:30Z the day before is later than both.
        let list = try site.read("public/posts/index.html")
        let order = ["day", "utc", "seoul", "plain"].map { list.range(of: "/posts/\($0)/")!.lowerBound }
        #expect(order == order.sorted())
    }

    @Test func withoutATimezoneZonelessDatesAreUTC() throws {
        let site = try Self.site(posts: ["plain": "2024-03-21 07:00"])
        #expect(try site.sitegen("build").status == 0)
        #expect(try Self.time(of: "plain", in: site) == "<time datetime=\"2024-03-21T07:00:00Z\">March 21, 2024</time>")
    }

    @Test func aKoreanSiteWordsDatesInKorean() throws {
        let site = try Self.site("language: ko\n", posts: ["a": "2024-03-21T08:05:00+09:00"])
        try site.write("site.yml", "title: T\nbase_url: https://example.org/\nlanguage: ko\n")
        #expect(try site.sitegen("build").status == 0)
        #expect(try Self.time(of: "a", in: site).contains(">2024년 3월 21일</time>"))
    }

    @Test func anUnknownTimezoneIsAnErrorAtItsValue() throws {
        let site = try Self.site("timezone: Mars/Olympus\n", posts: ["a": "2024-01-01"])
        let build = try site.sitegen("build")
        #expect(build.status == 1)
        #expect(
            build.stderr.contains(
                "site.yml:4:11: error: timezone must be an IANA time zone name such as Asia/Seoul, Europe/Berlin or UTC, got \"Mars/Olympus\""
            ))
        #expect(!site.exists("public"))
        #expect(try site.sitegen("check").status == 1)
    }

    @Test func aFuturePostWaitsUntilItsDateUnlessAskedFor() throws {
        let site = try Self.site(posts: ["past": "2024-01-01T00:00:00Z", "future": "2024-06-01T00:00:00Z"])
        let now = "2024-03-01T00:00:00Z"
        // home, posts, past, u's, 404
        #expect(try site.sitegen("build", "--now", now).stdout.hasPrefix("built 5 pages"))
        #expect(!site.exists("public/posts/future/index.html"))
        #expect(!(try site.read("public/feed.xml")).contains("future"))
        #expect(try site.read("public/feed.xml").contains("<updated>2024-01-01T00:00:00Z</updated>"))

        #expect(try site.sitegen("build", "--now", now, "--future").status == 0)
        #expect(site.exists("public/posts/future/index.html"))
        let feed = try site.read("public/feed.xml")
        #expect(feed.contains("/posts/future/"))
        // The feed's own <updated> is never set by a post that is not out yet.
        #expect(feed.contains("  <updated>2024-01-01T00:00:00Z</updated>\n"))

        // Once now passes the date, the post is out; the rebuild equals a clean build.
        #expect(try site.sitegen("build", "--now", "2024-07-01").status == 0)
        #expect(site.exists("public/posts/future/index.html"))
        #expect(try site.read("public/feed.xml").contains("  <updated>2024-06-01T00:00:00Z</updated>\n"))
        try site.expectSameAsCleanBuild(arguments: ["--now", "2024-07-01"])
    }

    @Test func theSameSiteAndTheSameNowGiveTheSameBytes() throws {
        let site = try Self.site(posts: ["a": "2024-01-01T10:00:00+09:00", "b": "2030-01-01"])
        let epoch = ["SOURCE_DATE_EPOCH": "1717200000"]  // 2024-06-01T00:00:00Z
        #expect(try site.sitegen("build", "--output", "one", environment: epoch).status == 0)
        #expect(try site.sitegen("build", "--output", "two", environment: epoch).status == 0)
        #expect(TreeDigest(site.url("one")) == TreeDigest(site.url("two")))
        #expect(!site.exists("one/posts/b/index.html"))
        #expect(try site.sitegen("build", "--output", "three", "--now", "1717200000").status == 0)
        #expect(TreeDigest(site.url("one")) == TreeDigest(site.url("three")))
    }

    @Test func aBadNowIsAUsageError() throws {
        let site = try Self.site(posts: [:])
        let run = try site.sitegen("build", "--now", "soon")
        #expect(run.status == 2 && run.stderr.contains("--now must be a date like 2024-05-01"))
        let epoch = try site.sitegen("build", environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(epoch.status == 2 && epoch.stderr.contains("SOURCE_DATE_EPOCH must be a whole number of seconds"))
        #expect(!site.exists("public"))
    }
}
