import Testing

@testable import SitegenCore

/// The live-reload script goes into served pages only, and its events are one JSON line each.
@Suite struct LiveReloadTests {
    @Test func theScriptGoesBeforeTheLastBodyEnd() {
        let page = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        let injected = String(decoding: LiveReloadScript.inject(into: page), as: UTF8.self)
        #expect(
            injected
                == "<html><body><p>&lt;/body&gt;</p><script src=\"/_sitegen/live-reload.js\" defer></script>\n</BODY></html>"
        )
    }

    @Test func aPageWithoutBodyEndGetsTheScriptAtItsEnd() {
        let injected = String(
            decoding: LiveReloadScript.inject(into: Array("<p>hi".utf8), alsoReloadFor: "/404.html"), as: UTF8.self)
        #expect(injected == "<p>hi<script src=\"/_sitegen/live-reload.js\" data-also=\"/404.html\" defer></script>\n")
    }

    @Test func eventsAreOneDataLine() {
        let built = String(decoding: ReloadEvent.built(changed: ["/posts/x/", "/"], css: true).message, as: UTF8.self)
        #expect(built == "data: {\"changed\":[\"/posts/x/\",\"/\"],\"css\":true}\n\n")
        let failed = ReloadEvent.failed([
            Diagnostic(at: SourceLocation(path: "content/a.md", line: 2, column: 3), "bad")
        ])
        #expect(
            String(decoding: failed.message, as: UTF8.self)
                == "data: {\"errors\":[\"content/a.md:2:3: error: bad\"]}\n\n")
    }

    @Test func outputPathsBecomeURLs() {
        #expect(PreviewBuilder.url("index.html") == "/")
        #expect(PreviewBuilder.url("posts/x/index.html") == "/posts/x/")
        #expect(PreviewBuilder.url("feed.xml") == "/feed.xml")
        #expect(PreviewBuilder.url("menu/대방어/index.html") == "/menu/%EB%8C%80%EB%B0%A9%EC%96%B4/")
    }
}
