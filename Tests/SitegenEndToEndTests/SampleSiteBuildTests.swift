import Foundation
import Testing

/// `sitegen build` on the sample site: every page exists and shows its data.
@Suite struct SampleSiteBuildTests {
    let site: TempSite
    let result: RunResult

    init() throws {
        site = try TempSite.sample()
        result = try site.sitegen("build")
    }

    @Test func buildSucceedsAndSaysWhatItWrote() {
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("built "))
        #expect(result.stdout.contains("into public/"))
        #expect(result.stderr.isEmpty)
    }

    @Test func writesEveryPageOfTheSampleSite() {
        let files = site.files(under: "public")
        for expected in [
            "index.html", "posts/index.html", "menu/index.html", "profiles/index.html", "counter/index.html",
            "primes/index.html", "about/index.html", "404.html", "feed.xml", "sitemap.xml", "assets/style.css",
            "assets/favicon.svg",
            "profiles/kim/index.html", "menu/대방어/index.html", "menu/갈비찜/index.html", "menu/신선로/index.html",
            "menu/베이징덕/index.html",
        ] {
            #expect(files.contains(expected), "missing \(expected)")
        }
        #expect(files.filter { $0.hasPrefix("posts/") && $0 != "posts/index.html" }.count == 6)
    }

    @Test func postsListIsNewestFirst() throws {
        let list = try site.read("public/posts/index.html")
        let order = ["Hello from Steve", "회고 끝나고 야식?", "백로그 쪼개는 팁", "첫 스프린트 회고", "저요저요", "스크럼 스터디 할 사람"]
        let positions = order.map { list.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil))
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test func postPageShowsAuthorContentAndAvatarColour() throws {
        let page = try site.read("public/posts/scrum-study/index.html")
        #expect(page.contains("<h1>스크럼 스터디 할 사람</h1>"))
        #expect(page.contains("프렘"))
        #expect(page.contains("<li>데일리 스크럼 (15분)</li>"))
        #expect(page.contains("background-color: hsl("))
        #expect(page.contains("<html lang=\"ko\">"))
    }

    @Test func avatarColourIsStablePerUsername() throws {
        let first = try site.read("public/posts/scrum-study/index.html")
        let list = try site.read("public/posts/index.html")
        let colour = try #require(first.firstMatch(of: /background-color: (hsl\([^)]*\))/)?.1)
        #expect(list.contains("background-color: \(colour)"))
    }

    @Test func menuShowsPricesInWon() throws {
        let menu = try site.read("public/menu/index.html")
        for price in ["33,000원", "50,000원", "70,000원", "100,000원"] { #expect(menu.contains(price)) }
        #expect(menu.contains("href=\"/menu/%EB%8C%80%EB%B0%A9%EC%96%B4/\""))
        let item = try site.read("public/menu/대방어/index.html")
        #expect(item.contains("<h1>대방어</h1>") && item.contains("33,000원"))
    }

    @Test func profilePageShowsNameAndBio() throws {
        let page = try site.read("public/profiles/kim/index.html")
        #expect(page.contains("<h1>Kim</h1>"))
        #expect(page.contains("Hello World"))
        #expect(try site.read("public/profiles/index.html").contains("href=\"/profiles/kim/\""))
    }

    @Test func counterPageSaysWhetherTheCountIsPrime() throws {
        let page = try site.read("public/counter/index.html")
        #expect(page.contains("7 is prime 🎉"))
        #expect(page.contains("the 7th prime is 17"))
    }

    @Test func primesTableGivesEachFavoritesPosition() throws {
        let page = try site.read("public/primes/index.html")
        #expect(page.contains("13 is the 6th prime"))
        #expect(page.contains("2 is the 1st prime"))
        #expect(page.contains("3 is the 2nd prime"))
        #expect(page.contains("5 is the 3rd prime"))
    }

    @Test func everyPageLinksEverySection() throws {
        let home = try site.read("public/index.html")
        for link in ["/posts/", "/menu/", "/profiles/", "/counter/", "/primes/"] {
            #expect(home.contains("href=\"\(link)\""), "nav lacks \(link)")
        }
    }

    @Test func feedAndSitemapListThePosts() throws {
        let feed = try site.read("public/feed.xml")
        #expect(feed.contains("<title>스크럼 스터디 할 사람</title>"))
        #expect(feed.components(separatedBy: "<entry>").count == 7)
        let sitemap = try site.read("public/sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/posts/scrum-study/</loc>"))
        #expect(!sitemap.contains("404"))
    }

    @Test func everyInternalLinkResolves() throws {
        try site.expectInternalLinksResolve()
    }
}
