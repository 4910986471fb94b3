import Testing

@testable import SitegenCore

/// Links under the base URL's path, and the absolute URLs feeds and sitemaps show.
@Suite struct SitePathsTests {
    private func paths(_ baseURL: String) -> SitePaths {
        var settings = SiteSettings.defaults(title: "T")
        settings.baseURL = try! BaseURL(parsing: baseURL)
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

    /// Whether links are made absolute and whether feeds are warned about were two answers from
    /// two parsings (`://` anywhere; a scheme and a host); both now ask the one `BaseURL`.
    @Test func oneAnswerToIsItAbsolute() {
        let table: [(written: String, absolute: Bool?, path: String)] = [
            ("https://example.org/sub/", true, "/sub/"), ("https://example.org", true, "/"),
            ("http://127.0.0.1:8080/", true, "/"), ("/sub/", false, "/sub/"), ("/", false, "/"),
            ("sub", false, "/sub/"), ("//example.org/", nil, ""), ("http:/x", nil, ""), ("example.org", nil, ""),
            ("https:///x/", nil, ""), ("localhost:4000", nil, ""), ("https://example.org/?q", nil, ""),
        ]
        for (written, absolute, path) in table {
            guard let absolute else {
                #expect(throws: BaseURL.Problem.self, "\(written)") { try BaseURL(parsing: written) }
                continue
            }
            let paths = self.paths(written)
            #expect(paths.baseURL.isAbsolute == absolute, "\(written)")
            #expect(paths.root == path, "\(written)")
            // Links are made absolute exactly when feeds are not warned about.
            #expect(paths.absolute(paths.link(["a"])).hasPrefix("/") == !absolute, "\(written)")
        }
    }
}
