import Testing

@testable import SitegenCore

@Suite("Raw HTML in safe mode") struct SafeRawHTMLTests {
    private func safe(_ markdown: String, links: LinkBase? = nil) -> RenderedMarkdown {
        MarkdownRenderer(options: [.safeHTML]).render(markdown, summaryLength: nil, links: links)
    }

    /// Each removal as `line:column: message`.
    private func removals(_ rendered: RenderedMarkdown) -> [String] {
        rendered.removedHTML.map { "\($0.line):\($0.column): \($0.message)" }
    }

    private static let advice = "unsafe_html: safe keeps only harmless HTML"

    @Test func harmlessInlineElementsAreKeptAsWritten() {
        let result = safe(
            "Press <kbd>Ctrl</kbd> + <kbd>C</kbd>: H<sub>2</sub>O, x<sup>2</sup>, <mark>new</mark>, <abbr title=\"Scrum Master\">SM</abbr>.<br>\n"
        )
        #expect(
            result.html
                == "<p>Press <kbd>Ctrl</kbd> + <kbd>C</kbd>: H<sub>2</sub>O, x<sup>2</sup>, <mark>new</mark>, <abbr title=\"Scrum Master\">SM</abbr>.<br></p>\n"
        )
        #expect(result.removedHTML.isEmpty)
    }

    @Test func detailsMayHoldMarkdownBetweenItsTags() {
        let result = safe("<details open>\n<summary>More</summary>\n\nHidden *text*.\n\n</details>\n")
        #expect(result.html == "<details open>\n<summary>More</summary>\n<p>Hidden <em>text</em>.</p>\n</details>\n")
        #expect(result.removedHTML.isEmpty)
    }

    @Test func tablesAndImagesWithTheirHarmlessAttributesAreKept() {
        let html =
            "<table>\n<tr><th colspan=\"2\">A &amp; B</th></tr>\n<tr><td><img src=\"https://example.org/a.png\" alt=\"a &quot;b&quot;\" width=\"20\" height=\"10\"></td><td>x</td></tr>\n</table>\n"
        let result = safe(html)
        #expect(
            result.html
                == "<table>\n<tr><th colspan=\"2\">A &amp; B</th></tr>\n<tr><td><img src=\"https://example.org/a.png\" alt=\"a &quot;b&quot;\" width=\"20\" height=\"10\"></td><td>x</td></tr>\n</table>\n"
        )
        #expect(result.removedHTML.isEmpty)
    }

    @Test func aScriptIsLeftOutWithWhatItHolds() {
        let result = safe("Hi\n\n<script>alert(1)</script>\n")
        #expect(result.html == "<p>Hi</p>\n")
        #expect(removals(result) == ["3:1: <script> is left out of the page with what it holds; \(Self.advice)"])
    }

    @Test func anIframeAndAStyleElementAreLeftOutWithWhatTheyHold() {
        let result = safe("<div>\n  <iframe src=\"https://example.org/\">x</iframe><style>p{}</style>kept\n</div>\n")
        #expect(result.html == "<div>\n  kept\n</div>\n")
        #expect(
            removals(result) == [
                "2:3: <iframe> is left out of the page with what it holds; \(Self.advice)",
                "2:48: <style> is left out of the page with what it holds; \(Self.advice)",
            ])
    }

    @Test func eventHandlersStylesAndIDsAreLeftOutTheElementStays() {
        let result = safe(
            "Go <a href=\"https://example.org/\" onclick=\"steal()\" style=\"color: red\" id=\"x\">there</a>.\n")
        #expect(result.html == "<p>Go <a href=\"https://example.org/\">there</a>.</p>\n")
        #expect(
            removals(result) == [
                "1:4: onclick on <a> is left out of the page; \(Self.advice)",
                "1:4: style on <a> is left out of the page; \(Self.advice)",
                "1:4: id on <a> is left out of the page; \(Self.advice)",
            ])
    }

    @Test func javascriptAndDataLinksAreLeftOutHoweverTheyAreWritten() {
        let result = safe(
            "<a href=\" JaVa&#x09;Script:alert(1)\">a</a> <a href=\"vbscript:x\">b</a> <img src=\"data:image/png;base64,AA\" alt=\"c\"> <a href=\"mailto:me@example.org\">d</a>\n"
        )
        #expect(result.html == "<p><a>a</a> <a>b</a>  <a href=\"mailto:me@example.org\">d</a></p>\n")
        #expect(
            removals(result) == [
                "1:1: href=\" JaVa\tScript:alert(1)\" on <a> is left out of the page: a link here must be http:, https:, mailto: or into the site",
                "1:44: href=\"vbscript:x\" on <a> is left out of the page: a link here must be http:, https:, mailto: or into the site",
                "1:71: src=\"data:image/png;base64,AA\" on <img> is left out of the page: a link here must be http: or https: or into the site",
            ])
    }

    @Test func otherElementsAreLeftOutAndTheirTextKept() {
        let result = safe("<center>\n<font color=\"red\">Big</font>\n</center>\n")
        #expect(result.html == "\nBig\n\n")
        #expect(
            removals(result) == [
                "1:1: <center> is left out of the page (its text is kept); \(Self.advice)",
                "2:1: <font> is left out of the page (its text is kept); \(Self.advice)",
            ])
    }

    @Test func aBlockElementInsideALineOfTextIsLeftOut() {
        let result = safe("Text <div>inside</div> here.\n")
        #expect(result.html == "<p>Text inside here.</p>\n")
        #expect(
            removals(result) == [
                "1:6: <div> inside a line of text is left out of the page (its text is kept); start it on a line of its own"
            ])
    }

    @Test func anUnclosedTagIsClosedAndAStrayEndTagGoesSoTheHTMLNests() {
        let result = safe("a <b>bold and *more*\n\nc</i> d <em>x</strong></em>\n")
        #expect(result.html == "<p>a <b></b>bold and <em>more</em></p>\n<p>c d <em>x</em></p>\n")
    }

    @Test func aWrongNumberIsLeftOut() {
        let result = safe("<img src=\"https://example.org/a.png\" alt=\"\" width=\"50%\">\n")
        #expect(result.html == "<img src=\"https://example.org/a.png\" alt=\"\">\n")
        #expect(removals(result) == ["1:1: width=\"50%\" on <img> is left out of the page: it must be a whole number"])
    }

    @Test func linksAndImagesInKeptHTMLAreResolvedAndNotedLikeMarkdownOnes() {
        let base = LinkBase(source: "content/posts/a.md", root: "/club/")
        let result = safe(
            "Intro.\n\n<p><img src=\"../../static/photo.png\" alt=\"p\"> <a href=\"b.md#top\">B</a> <a href=\"/about/\">About</a></p>\n",
            links: base)
        #expect(
            result.html
                == "<p>Intro.</p>\n<p><img src=\"/club/photo.png\" alt=\"p\"> <a href=\"/club/posts/b/#top\">B</a> <a href=\"/club/about/\">About</a></p>\n"
        )
        #expect(
            result.links == [
                MarkdownLink(
                    target: .file(sitePath: "static/photo.png"), fragment: nil, written: "../../static/photo.png",
                    isImage: true, line: 3, column: 4),
                MarkdownLink(
                    target: .page(source: "content/posts/b.md"), fragment: "top", written: "b.md#top", isImage: false,
                    line: 3, column: 47),
                MarkdownLink(
                    target: .address("about/"), fragment: nil, written: "/about/", isImage: false, line: 3, column: 72),
            ])
    }

    @Test func rawHTMLInATableCellIsKeptSafe() {
        let result = safe("| key | what |\n|---|---|\n| <kbd>Esc</kbd> | <script>x</script>close |\n")
        #expect(result.html.contains("<td><kbd>Esc</kbd></td>\n<td>close</td>"))
        #expect(removals(result) == ["3:20: <script> is left out of the page with what it holds; \(Self.advice)"])
    }

    @Test func textAroundRawHTMLKeepsItsCharacters() {
        let result = safe("<div>\n스크럼 &amp; 회고 &lt;3 &nbsp;\n</div>\n")
        #expect(result.html == "<div>\n스크럼 &amp; 회고 &lt;3 \u{A0}\n</div>\n")
    }
}
