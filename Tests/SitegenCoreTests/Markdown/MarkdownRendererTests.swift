import Foundation
import Testing

@testable import SitegenCore

@Suite("Markdown renderer") struct MarkdownRendererTests {
    @Test func withoutExtensionsCommonMarkRendersAsCmarkRendersIt() {
        let html = MarkdownRenderer(extensions: []).html(from: "# 제목\n\n*a* and `b`\n\n- one\n- two\n")
        #expect(html == "<h1>제목</h1>\n<p><em>a</em> and <code>b</code></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n")
    }

    @Test func withExtensionsPlainCommonMarkChangesOnlyByHeadingAnchors() {
        let markdown = "# 제목\n\n*a* and `b`\n\n- one\n- two\n\n> quote\n"
        let plain = MarkdownRenderer(extensions: []).html(from: markdown)
        let extended = MarkdownRenderer().html(from: markdown)
        #expect(
            extended
                == plain.replacingOccurrences(
                    of: "<h1>제목</h1>",
                    with: "<h1 id=\"제목\">제목 <a class=\"heading-anchor\" href=\"#제목\" aria-labelledby=\"제목\">#</a></h1>")
        )
    }

    @Test func codeBlocksCanBeScrolledFromTheKeyboard() {
        let html = MarkdownRenderer(extensions: []).html(from: "```text\na < b\n```\n\n    indented\n")
        #expect(
            html
                == "<pre tabindex=\"0\"><code class=\"language-text\">a &lt; b\n</code></pre>\n<pre tabindex=\"0\"><code>indented\n</code></pre>\n"
        )
    }

    @Test func rawHTMLIsDroppedUnlessAllowed() {
        let markdown = "<script>alert(1)</script>\n\n[x](javascript:alert(1))\n"
        let safe = MarkdownRenderer().html(from: markdown)
        #expect(!safe.contains("<script>") && !safe.contains("javascript:"))
        let unsafe = MarkdownRenderer(options: [.allowUnsafeHTML]).html(from: markdown)
        #expect(unsafe.contains("<script>alert(1)</script>") && unsafe.contains("href=\"javascript:alert(1)\""))
    }

    /// Several megabytes: the parse tree and the output outgrow the arena's first block many times.
    @Test func aDocumentBiggerThanAnArenaBlockRendersWhole() {
        let count = 40_000
        let markdown = (1...count).map { "Paragraph \($0) with *emphasis* and a [link](/p/\($0))." }.joined(
            separator: "\n\n")
        let html = MarkdownRenderer().html(from: markdown)
        #expect(html.components(separatedBy: "<p>").count - 1 == count)
        #expect(html.hasPrefix("<p>Paragraph 1 with <em>emphasis</em> and a <a href=\"/p/1\">link</a>.</p>\n"))
        #expect(
            html.hasSuffix("<p>Paragraph \(count) with <em>emphasis</em> and a <a href=\"/p/\(count)\">link</a>.</p>\n")
        )
        // The arena was emptied: the next document is unaffected.
        #expect(MarkdownRenderer().html(from: "after") == "<p>after</p>\n")
    }

    @Test func rendersTheSameOnManyThreadsAsOnOne() {
        let documents = (0..<400).map { number in
            (0..<(number % 37 + 1)).map { "## Part \($0) of \(number)\n\n> quoted *\(number)*\n\n    code \($0)\n" }
                .joined()
        }
        let renderer = MarkdownRenderer()
        #expect(documents.parallelMap { renderer.html(from: $0) } == documents.map { renderer.html(from: $0) })
    }
}
