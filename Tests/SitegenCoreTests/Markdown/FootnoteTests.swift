import Testing

@testable import SitegenCore

@Suite("Footnotes") struct FootnoteTests {
    /// The superscript of the `count`th reference to footnote `number`.
    private func ref(_ number: Int, _ count: Int = 1) -> String {
        let id = count > 1 ? "\(number):\(count)" : "\(number)"
        return
            "<sup class=\"footnote-ref\"><a href=\"#fn:\(number)\" id=\"fnref:\(id)\" aria-describedby=\"fn:list\">\(number)</a></sup>"
    }

    /// The links back from footnote `number` to its `references` references.
    private func back(_ number: Int, _ references: Int = 1) -> String {
        (1...references).map { count in
            let id = count > 1 ? "\(number):\(count)" : "\(number)"
            let label = "Back to reference \(number)" + (count > 1 ? " (\(count))" : "")
            return "<a href=\"#fnref:\(id)\" class=\"footnote-back\" aria-label=\"\(label)\">↩</a>"
        }.joined(separator: " ")
    }

    /// The footnotes section with these items' inner HTML.
    private func section(_ items: [String]) -> String {
        let list = items.enumerated().map { "<li id=\"fn:\($0.offset + 1)\">\n\($0.element)</li>\n" }.joined()
        return "<section class=\"footnotes\" id=\"fn:list\">\n<ol>\n\(list)</ol>\n</section>\n"
    }

    @Test func theBackLinkIsNamedInTheWordsGivenWithTheFootnoteNumber() {
        let html = MarkdownRenderer(footnoteBackLabel: "각주 {n} 참조 위치로 돌아가기 \"<&>\"")
            .html(from: "One[^a] two[^b] again[^b]\n\n[^a]: A.\n[^b]: B.\n")
        #expect(html.contains("aria-label=\"각주 1 참조 위치로 돌아가기 &quot;&lt;&amp;&gt;&quot;\">↩</a>"))
        #expect(html.contains("aria-label=\"각주 2 참조 위치로 돌아가기 &quot;&lt;&amp;&gt;&quot;\">↩</a>"))
        #expect(html.contains("aria-label=\"각주 2 참조 위치로 돌아가기 &quot;&lt;&amp;&gt;&quot; (2)\">↩</a>"))
        #expect(!html.contains("↩ "))
    }

    @Test func aReferenceBecomesANumberLinkingToItsNoteListedAtTheEnd() {
        let html = markdownHTML("Seven is prime.[^why]\n\n[^why]: It has no divisor but 1 and itself.\n\nMore text.\n")
        #expect(
            html == """
                <p>Seven is prime.<sup class="footnote-ref"><a href="#fn:1" id="fnref:1" aria-describedby="fn:list">1</a></sup></p>
                <p>More text.</p>
                <section class="footnotes" id="fn:list">
                <ol>
                <li id="fn:1">
                <p>It has no divisor but 1 and itself. <a href="#fnref:1" class="footnote-back" aria-label="Back to reference 1">↩</a></p>
                </li>
                </ol>
                </section>

                """)
    }

    @Test func aDefinitionMayComeBeforeItsReference() {
        let html = markdownHTML("[^early]: Said first.\n\nUsed later.[^early]\n")
        #expect(html == "<p>Used later.\(ref(1))</p>\n" + section(["<p>Said first. \(back(1))</p>\n"]))
    }

    @Test func aDefinitionMayBeInsideAListOrAQuote() {
        let html = markdownHTML("- item[^l]\n\n  [^l]: From a list.\n\n> quote[^q]\n>\n> [^q]: From a quote.\n")
        #expect(html.hasSuffix(section(["<p>From a list. \(back(1))</p>\n", "<p>From a quote. \(back(2))</p>\n"])))
        #expect(!html.contains("<p>From a list.</p>"))
    }

    @Test func definitionsOnConsecutiveLinesAreEachTheirOwn() {
        let html = markdownHTML("Both[^a][^b].\n\n[^a]: First note.\n[^b]: Second note.\n")
        #expect(
            html == "<p>Both\(ref(1))\(ref(2)).</p>\n"
                + section(["<p>First note. \(back(1))</p>\n", "<p>Second note. \(back(2))</p>\n"]))
    }

    @Test func aDefinitionLineEndsTheParagraphAboveIt() {
        let html = markdownHTML("Text above.[^n]\n[^n]: The note.\n")
        #expect(html == "<p>Text above.\(ref(1))</p>\n" + section(["<p>The note. \(back(1))</p>\n"]))
    }

    @Test func lazyLinesContinueADefinitionsParagraph() {
        let html = markdownHTML("x[^m]\n\n[^m]: One line\nand the next.\n")
        #expect(html.hasSuffix(section(["<p>One line\nand the next. \(back(1))</p>\n"])))
    }

    @Test func indentedBlocksAfterADefinitionAreMoreOfIt() {
        let markdown =
            "Note.[^long]\n\n[^long]: First paragraph.\n\n    Second *paragraph*.\n\n        let code = 1\n\n    > quoted\n\n    Last one.\n\nBack in the text.\n"
        #expect(
            markdownHTML(markdown) == "<p>Note.\(ref(1))</p>\n<p>Back in the text.</p>\n"
                + section([
                    "<p>First paragraph.</p>\n<p>Second <em>paragraph</em>.</p>\n<pre tabindex=\"0\"><code>let code = 1\n</code></pre>\n"
                        + "<blockquote>\n<p>quoted</p>\n</blockquote>\n<p>Last one. \(back(1))</p>\n"
                ]))
    }

    @Test func aDefinitionWithItsTextOnTheNextLinesIndented() {
        let html = markdownHTML("x[^n]\n\n[^n]:\n    Text on the line below.\n")
        #expect(html.hasSuffix(section(["<p>Text on the line below. \(back(1))</p>\n"])))
    }

    @Test func indentedBlocksAreMoreOfTheDefinitionInAWindowsFileToo() {
        let html = markdownHTML("x[^w]\r\n\r\n[^w]: First paragraph.\r\n\r\n    Second paragraph.\r\n")
        #expect(
            html == "<p>x\(ref(1))</p>\n" + section(["<p>First paragraph.</p>\n<p>Second paragraph. \(back(1))</p>\n"]))
    }

    @Test func eachReferenceGetsItsOwnIDAndALinkBack() {
        let html = markdownHTML("One[^s], two[^s], three[^s].\n\n[^s]: Shared by all.\n")
        #expect(
            html == "<p>One\(ref(1)), two\(ref(1, 2)), three\(ref(1, 3)).</p>\n"
                + section(["<p>Shared by all. \(back(1, 3))</p>\n"]))
    }

    @Test func footnotesAreNumberedByTheirFirstReferenceNotTheirDefinition() {
        let html = markdownHTML("Z[^z] then A[^a] then Z[^z].\n\n[^a]: Alpha note.\n\n[^z]: Zulu note.\n")
        #expect(
            html == "<p>Z\(ref(1)) then A\(ref(2)) then Z\(ref(1, 2)).</p>\n"
                + section([
                    "<p>Zulu note. \(back(1, 2))</p>\n", "<p>Alpha note. \(back(2))</p>\n",
                ]))
    }

    @Test func aReferenceToNoDefinitionStaysText() {
        #expect(
            markdownHTML("Nothing[^gone] here, [^ spaced] nor [^].\n")
                == "<p>Nothing[^gone] here, [^ spaced] nor [^].</p>\n")
        #expect(
            markdownHTML("Known[^k] and unknown[^u].\n\n[^k]: Known note.\n").hasPrefix(
                "<p>Known\(ref(1)) and unknown[^u].</p>\n"))
    }

    @Test func aDefinitionNobodyRefersToIsDropped() {
        #expect(markdownHTML("Plain text.\n\n[^lonely]: Never used.\n") == "<p>Plain text.</p>\n")
        let html = markdownHTML("Used[^u].\n\n[^u]: This one is used.\n\n[^unused]: This one is not.\n")
        #expect(html == "<p>Used\(ref(1)).</p>\n" + section(["<p>This one is used. \(back(1))</p>\n"]))
    }

    @Test func labelsMatchWithoutRegardToCase() {
        let html = markdownHTML("A[^Note] b[^NOTE].\n\n[^note]: Any case.\n")
        #expect(html == "<p>A\(ref(1)) b\(ref(1, 2)).</p>\n" + section(["<p>Any case. \(back(1, 2))</p>\n"]))
    }

    @Test func theFirstDefinitionOfALabelWins() {
        let html = markdownHTML("x[^d]\n\n[^d]: The first one.\n\n[^d]: The second one.\n")
        #expect(html == "<p>x\(ref(1))</p>\n" + section(["<p>The first one. \(back(1))</p>\n"]))
    }

    @Test func aOneWordDefinitionThatCmarkReadsAsALinkReferenceDefinitionIsStillAFootnote() {
        let html = markdownHTML("Quoted[^src], again[^src].\n\n[^src]: Ibid.\n")
        #expect(html == "<p>Quoted\(ref(1)), again\(ref(1, 2)).</p>\n" + section(["<p>Ibid. \(back(1, 2))</p>\n"]))
    }

    @Test func aOneWordDefinitionKeepsTheLinesAndParagraphsThatContinueIt() {
        let html = markdownHTML(
            "Text[^1] here.\n\n[^1]: word\n    continued *here*.\n\n    A second paragraph.\n\nAfter.\n")
        #expect(
            html == "<p>Text\(ref(1)) here.</p>\n<p>After.</p>\n"
                + section(["<p>word\ncontinued <em>here</em>.</p>\n<p>A second paragraph. \(back(1))</p>\n"]))
    }

    @Test func anInlineLinkWithACaretInItsTextStaysALink() {
        let html = markdownHTML("[^up](/top) and[^up].\n\n[^up]: Ibid.\n")
        #expect(html == "<p><a href=\"/top\">^up</a> and\(ref(1)).</p>\n" + section(["<p>Ibid. \(back(1))</p>\n"]))
    }

    @Test func aFootnoteReferredToOnlyFromAnotherIsListedAfterIt() {
        let html = markdownHTML("Text[^outer].\n\n[^outer]: See also[^inner].\n\n[^inner]: The inner note.\n")
        #expect(
            html == "<p>Text\(ref(1)).</p>\n"
                + section([
                    "<p>See also\(ref(2)). \(back(1))</p>\n", "<p>The inner note. \(back(2))</p>\n",
                ]))
    }

    @Test func aOneWordFootnoteReferredToOnlyFromAnotherIsAFootnoteToo() {
        let html = markdownHTML("Text[^outer].\n\n[^outer]: As said before[^same].\n\n[^same]: Ibid.\n")
        #expect(
            html == "<p>Text\(ref(1)).</p>\n"
                + section(["<p>As said before\(ref(2)). \(back(1))</p>\n", "<p>Ibid. \(back(2))</p>\n"]))
    }

    @Test func footnotesReferringToEachOtherOrThemselvesEndAndLinkBackToEveryReference() {
        let html = markdownHTML(
            "Start[^ping].\n\n[^ping]: Over to pong[^pong].\n\n[^pong]: Back to ping[^ping] and to me[^pong].\n")
        #expect(
            html == "<p>Start\(ref(1)).</p>\n"
                + section([
                    "<p>Over to pong\(ref(2)). \(back(1, 2))</p>\n",
                    "<p>Back to ping\(ref(1, 2)) and to me\(ref(2, 2)). \(back(2, 2))</p>\n",
                ]))
    }

    @Test func aFootnoteOnlyItselfRefersToIsDropped() {
        #expect(markdownHTML("Plain.\n\n[^me]: About me[^me].\n") == "<p>Plain.</p>\n")
    }

    @Test func referencesInCodeLinksAndImagesStayText() {
        let html = markdownHTML("`x[^n]` [see[^n]](/s) ![pic[^n]](/p.png) real[^n]\n\n[^n]: The note.\n")
        #expect(
            html.hasPrefix(
                "<p><code>x[^n]</code> <a href=\"/s\">see[^n]</a> <img src=\"/p.png\" alt=\"pic[^n]\" /> real\(ref(1))</p>\n"
            ))
        #expect(html.hasSuffix(section(["<p>The note. \(back(1))</p>\n"])))
    }

    @Test func switchedOffReferencesAndDefinitionsAreWhatCmarkMakesOfThem() {
        let markdown = "A claim.[^c]\n\n[^c]: A long source.\n"
        #expect(markdownHTML(markdown, without: .footnotes) == cmarkHTML(markdown))
        #expect(cmarkHTML(markdown) == "<p>A claim.[^c]</p>\n<p>[^c]: A long source.</p>\n")
    }

    /// A cell with a pipe in its code is parsed on its own (`GFMTables`' general way); its references are
    /// still numbered in document order, and its notes listed, not dropped.
    @Test func referencesInATableParsedCellByCellAreNumberedWhereTheyStand() {
        let html = markdownHTML(
            "First.[^a]\n\n| code | note |\n|---|---|\n| `x\\|y` | see[^b] and [^A] |\n| `z` | [^zz] [^a&b] |\n\nLast.[^c]\n\n"
                + "[^a]: One.\n[^b]: Two words.\n[^c]: Three more.\n")
        #expect(html.contains("<p>First.\(ref(1))</p>"), "\(html)")
        #expect(html.contains("<td>see\(ref(2)) and \(ref(1, 2))</td>"), "\(html)")
        #expect(html.contains("<td>[^zz] [^a&amp;b]</td>"), "an undefined label stays as written: \(html)")
        #expect(html.contains("<p>Last.\(ref(3))</p>"), "\(html)")
        #expect(
            html.hasSuffix(
                section([
                    "<p>One. \(back(1, 2))</p>\n", "<p>Two words. \(back(2))</p>\n", "<p>Three more. \(back(3))</p>\n",
                ])), "\(html)")
        #expect(!html.unicodeScalars.contains { (0xFDD0...0xFDEF).contains($0.value) }, "no mark is left")
    }

    @Test func aOneWordNoteReferredToOnlyFromACellParsedApartIsKept() {
        let html = markdownHTML("| code | note |\n|---|---|\n| `x\\|y` | see[^w] |\n\n[^w]: Ibid.\n")
        #expect(html.contains("<td>see\(ref(1))</td>"), "\(html)")
        #expect(html.hasSuffix(section(["<p>Ibid. \(back(1))</p>\n"])), "\(html)")
    }

    @Test func cellsParsedApartKeepTheirReferencesAsTextWhenNothingIsDefinedOrFootnotesAreOff() {
        let table = "| code | note |\n|---|---|\n| `x\\|y` | see[^n] |\n"
        #expect(markdownHTML(table).contains("<td>see[^n]</td>"))
        let off = markdownHTML(table + "\n[^n]: The note.\n", without: .footnotes)
        #expect(off.contains("<td>see[^n]</td>") && !off.contains("footnote"), "\(off)")
    }
}
