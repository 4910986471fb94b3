import Foundation
import Testing

/// Files the site publishes as they are (`static/`, a page bundle's files) are
/// served by the preview as they are: without the editing token or the
/// live-reload script, and sandboxed, so a script in a contributed HTML or SVG
/// file runs in an origin of its own and cannot edit the site. Only pages
/// rendered from the templates carry the token.
@Suite(.serialized) struct PreviewSandboxTests {
    private static let evilPage =
        "<!doctype html>\n<html><head><title>Evil</title></head>\n<body><script>fetch('/_sitegen/api/edit')</script></body></html>\n"
    private static let evilImage =
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>fetch('/_sitegen/api/edit')</script></svg>\n"

    private static func site() throws -> TempSite {
        try TempSite.with([
            "site.yml": "title: Sandbox\nbase_url: https://example.org/\nlanguage: en\n",
            "content/posts/a.md": "---\nusername: kim\ntitle: Post A\ndate: 2024-01-01\n---\nThe body of A.\n",
            "content/posts/trip/index.md": "---\nusername: kim\ntitle: Trip\ndate: 2024-02-01\n---\nA bundle.\n",
            "content/posts/trip/evil.html": evilPage,
            "content/posts/trip/evil.svg": evilImage,
            "static/evil.html": evilPage,
            "static/evil.svg": evilImage,
            "static/deeper/index.html": evilPage,
        ])
    }

    @Test func filesPublishedAsTheyAreGetNoTokenAndASandbox() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site)
        let published = [
            ("/evil.html", Self.evilPage), ("/evil.svg", Self.evilImage), ("/posts/trip/evil.html", Self.evilPage),
            ("/posts/trip/evil.svg", Self.evilImage), ("/deeper/", Self.evilPage),
        ]
        for (path, source) in published {
            let reply = try preview.request(path)
            #expect(reply.status == 200, "\(path)")
            #expect(reply.text == source, "\(path) is sent exactly as published: \(reply.text)")
            #expect(!reply.text.contains("sitegen-token") && !reply.text.contains("live-reload"), "\(path)")
            #expect(reply.headers["content-security-policy"] == "sandbox allow-scripts", "\(path): \(reply.headers)")
        }
        for path in ["/", "/posts/a/", "/posts/trip/"] {
            let page = try preview.request(path)
            #expect(page.status == 200, "\(path)")
            #expect(page.text.contains("<meta name=\"sitegen-token\" content=\""), "\(path) is rendered")
            #expect(page.text.contains("/_sitegen/live-reload.js"), "\(path)")
            #expect(page.headers["content-security-policy"] == nil, "\(path)")
        }
        #expect(preview.stop() == 0)
    }

    /// What a script in a sandboxed file can send: no token, and `Origin: null` (its opaque origin).
    @Test func aSandboxedFileCannotCallTheAPI() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site)
        let before = try site.bytes("content/posts/a.md")
        let token = try #require(
            try preview.request("/").text.firstMatch(of: /<meta name="sitegen-token" content="([0-9a-f]{32})">/)
        ).1
        let body = try JSONSerialization.data(withJSONObject: [
            "path": "content/posts/a.md", "version": "0", "body": "Gotcha.\n",
        ])
        let attempts: [(String, [String: String])] = [
            ("no token", ["Content-Type": "application/json"]),
            ("no token, opaque origin", ["Content-Type": "application/json", "Origin": "null"]),
            (
                "a token, opaque origin",
                ["Content-Type": "application/json", "Origin": "null", "X-Sitegen-Token": String(token)]
            ),
            ("a form", ["Content-Type": "text/plain", "Origin": "null"]),
        ]
        for (what, headers) in attempts {
            let reply = try preview.request("/_sitegen/api/edit", method: "POST", headers: headers, body: body)
            #expect(reply.status == 403, "\(what): \(reply.status) \(reply.text)")
        }
        let read = try preview.request("/_sitegen/api/file?path=content/posts/a.md", headers: ["Origin": "null"])
        #expect(read.status == 403 && !read.text.contains("The body of A."), "\(read.text)")
        #expect(try site.bytes("content/posts/a.md") == before)
        #expect(preview.stop() == 0)
    }
}
