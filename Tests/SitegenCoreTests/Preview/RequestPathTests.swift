import Testing

@testable import SitegenCore

/// A request path can only lead down from the preview folder; anything else is refused before a file is looked at.
@Suite struct RequestPathTests {
    @Test func plainPathsDecodeToTheirNames() throws {
        #expect(try RequestPath.parse("/") == RequestPath(names: [], isFolder: true))
        #expect(try RequestPath.parse("/posts/x/") == RequestPath(names: ["posts", "x"], isFolder: true))
        #expect(
            try RequestPath.parse("/assets/style.css") == RequestPath(names: ["assets", "style.css"], isFolder: false))
    }

    @Test func percentEncodedUnicodeDecodes() throws {
        #expect(try RequestPath.parse("/menu/%EB%8C%80%EB%B0%A9%EC%96%B4/").names == ["menu", "대방어"])
        #expect(try RequestPath.parse("/a%20b").names == ["a b"])
    }

    @Test(arguments: [
        "/..", "/../etc/passwd", "/a/../b", "/./a", "/%2e%2e/x", "/%2E%2E", "/a/%2e/", "/a%2fb", "/a%2Fb", "/a%5cb",
        "/a\\b", "/a%00b", "/a%0ab", "//evil.example", "/a//b", "/a%zz", "/a%2", "/%ff", "/a b", "posts/",
    ])
    func hostilePathsAreRefused(_ path: String) {
        #expect(throws: RequestPath.Refusal.self) { try RequestPath.parse(path) }
    }

    @Test func refusalsSayWhy() {
        #expect(throws: RequestPath.Refusal(reason: "the path encodes a folder separator (%2F or %5C)")) {
            try RequestPath.parse("/a%2fb")
        }
        #expect(throws: RequestPath.Refusal(reason: "the path leads out of its folder (. or ..)")) {
            try RequestPath.parse("/%2e%2e/x")
        }
    }
}
