import Testing

@testable import SitegenCore

/// Links under the base URL's path, and the absolute URLs feeds and sitemaps show.
@Suite struct SitePathsTests {
    private func paths(_ baseURL: String) -> SitePaths {
        var settings = SiteSettings.defaults(title: "T")
        settings.baseURL = baseURL
        return SitePaths(settings: settings)
    }

    @Test func linksAreAbsoluteUnderAHost() {
        let paths = paths("https://example.org/")
        #expect(paths.link(["posts", "a"]) == "/posts/a/")
        #expect(paths.absolute(paths.link(["posts", "a"])) == "https://example.org/posts/a/")
        #expect(paths.absolute(paths.link([])) == "https://example.org/")
        #expect(paths.absolute(paths.link(file: "feed.xml")) == "https://example.org/feed.xml")
    }

    @Test func aRootBeyondASCIIIsDroppedWhole() {
        let paths = paths("https://example.org/블로그/")
        let link = paths.link(["posts", "대방어"])
        #expect(link == "/블로그/posts/%EB%8C%80%EB%B0%A9%EC%96%B4/")
        #expect(paths.absolute(link) == "https://example.org/블로그/posts/%EB%8C%80%EB%B0%A9%EC%96%B4/")
    }

    @Test func withoutAHostLinksStayAsTheyAre() {
        let paths = paths("/club/")
        #expect(paths.absolute(paths.link(["menu"])) == "/club/menu/")
    }
}
