import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `feed.xml` is Atom 1.0 and `sitemap.xml` a sitemap: absolute URLs, RFC 3339
/// dates, every required element; a base URL that cannot give them is warned about.
@Suite struct FeedTests {
    /// An XML document as a flat list of elements (name, attributes, text, path of names above it).
    private struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        var path: [String]
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(Element(name: name, attributes: attributes, path: open.map { elements[$0].name }))
            open.append(elements.count - 1)
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let last = open.last { elements[last].text += string }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
    }

    private static func elements(of text: String) throws -> [Element] {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "")")
        return collector.elements
    }

    private static var rfc3339: Regex<(Substring, Substring?, Substring)> {
        /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/
    }
    private static func isAbsolute(_ iri: String) -> Bool {
        iri.wholeMatch(of: /[a-z][a-z0-9+.-]*:\/\/[^\/\s]+\/\S*/) != nil
    }

    /// Checks RFC 4287's rules that a feed can break: one id, title and updated on the feed and on each entry,
    /// ids and links absolute, dates RFC 3339, an author for every entry, a self link.
    private static func expectValidAtom(_ text: String) throws {
        let elements = try elements(of: text)
        let feed = try #require(elements.first)
        #expect(feed.name == "feed" && feed.attributes["xmlns"] == "http://www.w3.org/2005/Atom")
        func children(_ name: String, of path: [String]) -> [Element] {
            elements.filter { $0.name == name && $0.path == path }
        }
        for name in ["id", "title", "updated"] {
            #expect(children(name, of: ["feed"]).count == 1, "feed has one \(name)")
        }
        #expect(children("link", of: ["feed"]).contains { $0.attributes["rel"] == "self" })
        let entries = children("entry", of: ["feed"])
        #expect(!entries.isEmpty)
        for name in ["id", "title", "updated", "author"] {
            #expect(children(name, of: ["feed", "entry"]).count == entries.count, "every entry has one \(name)")
        }
        #expect(children("name", of: ["feed", "entry", "author"]).allSatisfy { !$0.text.isEmpty })
        for id in elements where id.name == "id" {
            #expect(isAbsolute(id.text), "id \(id.text) is not an absolute IRI")
        }
        for link in elements where link.name == "link" {
            #expect(isAbsolute(link.attributes["href"] ?? ""), "link \(link.attributes) is not absolute")
        }
        for date in elements where date.name == "updated" || date.name == "published" {
            #expect(date.text.wholeMatch(of: rfc3339) != nil, "\(date.text) is not an RFC 3339 date")
        }
    }

    private static func expectValidSitemap(_ text: String) throws {
        let elements = try elements(of: text)
        #expect(
            elements.first?.name == "urlset"
                && elements.first?.attributes["xmlns"] == "http://www.sitemaps.org/schemas/sitemap/0.9")
        let locations = elements.filter { $0.name == "loc" }
        #expect(locations.count == elements.filter { $0.name == "url" }.count && !locations.isEmpty)
        for location in locations { #expect(isAbsolute(location.text), "\(location.text) is not absolute") }
        for date in elements where date.name == "lastmod" {
            #expect(date.text.wholeMatch(of: rfc3339) != nil || date.text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil)
        }
    }

    @Test func theSampleSitesFeedIsValidAtomAndItsSitemapAbsolute() throws {
        let site = try TempSite.sample()
        let build = try site.sitegen("build")
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        try Self.expectValidAtom(try site.read("public/feed.xml"))
        try Self.expectValidSitemap(try site.read("public/sitemap.xml"))
    }

    @Test func underASubPathEveryURLKeepsThePath() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build", "--base-url", "https://example.github.io/club/").status == 0)
        let feed = try site.read("public/feed.xml")
        try Self.expectValidAtom(feed)
        #expect(feed.contains("<id>https://example.github.io/club/posts/scrum-study/</id>"))
        try Self.expectValidSitemap(try site.read("public/sitemap.xml"))
        try site.expectInternalLinksResolve(root: "/club/")
    }

    private static let needs =
        "warning: feed.xml and sitemap.xml need an absolute base_url such as https://example.org/"
    private static let leftOut =
        "pages are written without canonical links and link previews (OpenGraph, Twitter cards)"
    private static let warning = "\(needs); \(leftOut)"

    @Test func aRelativeBaseURLIsWarnedAboutOnceAtIt() throws {
        let site = try TempSite.with([
            "site.yml": "title: T\nbase_url: /club/\n", "content/posts/a.md": "---\nusername: u\n---\nHi\n",
        ])
        for command in ["build", "check"] {
            let run = try site.sitegen(command)
            #expect(run.status == 0)
            #expect(run.stderr == "site.yml:2:11: \(Self.warning)\n", "\(command)")
        }
        let absent = try TempSite.with(["site.yml": "title: T\n"])
        #expect(try absent.sitegen("build").stderr == "site.yml:1:1: \(Self.warning)\n")
        #expect(try absent.sitegen("build", "--base-url", "https://example.org/x/").stderr.isEmpty)
        #expect(
            try absent.sitegen("build", "--base-url", "/x/").stderr.contains(
                "--base-url: \(Self.needs), got /x/; \(Self.leftOut)"))
    }
}
