import Testing

@testable import SitegenCore

@Suite("Footnotes") struct FootnoteTests {
    /// GitHub's footnote HTML for notes with these labels, numbered in this order.
    private struct Notes {
        let labels: [String]
        init(_ labels: String...) { self.labels = labels }

        /// The superscript of the `count`th reference to footnote `number`.
        func ref(_ number: Int, _ count: Int = 1) -> String {
            let label = labels[number - 1]
            let id = "fnref-\(label)" + (count > 1 ? "-\(count)" : "")
            return
                "<sup class=\"footnote-ref\"><a href=\"#fn-\(label)\" id=\"\(id)\" data-footnote-ref>\(number)</a></sup>"
        }

        /// The links back from footnote `number` to its `references` references.
        func back(_ number: Int, _ references: Int = 1) -> String {
            let label = labels[number - 1]
            return (1...references).map { count in
                let index = count > 1 ? "\(number)-\(count)" : "\(number)"
                let id = "fnref-\(label)" + (count > 1 ? "-\(count)" : "")
                let mark = count > 1 ? "<sup class=\"footnote-ref\">\(count)</sup>" : ""
                return
                    "<a href=\"#\(id)\" class=\"footnote-backref\" data-footnote-backref data-footnote-backref-idx=\"\(index)\" "
                    + "aria-label=\"Back to reference \(index)\">↩\(mark)</a>"
            }.joined(separator: " ")
        }

        /// The footnotes section with these items' inner HTML.
        func section(_ items: [String]) -> String {
            let list = items.enumerated().map { "<li id=\"fn-\(labels[$0.offset])\">\n\($0.element)</li>\n" }.joined()
            return "<section class=\"footnotes\" data-footnotes>\n<ol>\n\(list)</ol>\n</section>\n"
        }
    }

    @Test func theBackLinkIsNamedInTheWordsGivenWithTheFootnoteNumber() {
        let html = MarkdownRenderer(footnoteBackLabel: "각주 {n} 참조 위치로 돌아가기 \"<&>\"")
            .html(from: "One[^a] two[^b] again[^b]\n\n[^a]: A.\n[^b]: B.\n")
        #expect(html.contains("aria-label=\"각주 1 참조 위치로 돌아가기 &quot;&lt;&amp;&gt;&quot;\">↩</a>"))
        #expect(html.contains("aria-label=\"각주 2 참조 위치로 돌아가기 &quot;&lt;&amp;&gt;&quot;\">↩</a>"))
        #expect(
            html.contains(
                "aria-label=\"각주 2-2 참조 위치로 돌아가기 &quot;&lt;&amp;&gt;&quot;\">↩<sup class=\"footnote-ref\">2</sup></a>"))
        #expect(!html.contains("↩ "))
    }

    @Test func aReferenceBecomesANumberLinkingToItsNoteListedAtTheEnd() {
        let html = markdownHTML("Seven is prime.[^why]\n\n[^why]: It has no divisor but 1 and itself.\n\nMore text.\n")
        #expect(
            html == """
                <p>Seven is prime.<sup class="footnote-ref"><a href="#fn-why" id="fnref-why" data-footnote-ref>1</a></sup></p>
                <p>More text.</p>
                <section class="footnotes" data-footnotes>
                <ol>
                <li id="fn-why">
                <p>It has no divisor but 1 and itself. <a href="#fnref-why" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1" aria-label="Back to reference 1">↩</a></p>
                </li>
                </ol>
                </section>

                """)
    }

    @Test func aRepeatedReferenceGetsANumberedIDAndABackLinkMarkedWithItsCount() {
        let html = markdownHTML("Once[^Src], twice[^src].\n\n[^Src]: The source.\n")
        #expect(
            html == """
                <p>Once<sup class="footnote-ref"><a href="#fn-Src" id="fnref-Src" data-footnote-ref>1</a></sup>, \
                twice<sup class="footnote-ref"><a href="#fn-Src" id="fnref-Src-2" data-footnote-ref>1</a></sup>.</p>
                <section class="footnotes" data-footnotes>
                <ol>
                <li id="fn-Src">
                <p>The source. \
                <a href="#fnref-Src" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1" \
                aria-label="Back to reference 1">↩</a> \
                <a href="#fnref-Src-2" class="footnote-backref" data-footnote-backref data-footnote-backref-idx="1-2" \
                aria-label="Back to reference 1-2">↩<sup class="footnote-ref">2</sup></a></p>
                </li>
                </ol>
                </section>

                """)
    }

    @Test func aLabelOutsideLettersDigitsAndDashesIsPercentEncodedInIDs() {
        let html = markdownHTML("See[^각주&1].\n\n[^각주&1]: A note.\n")
        #expect(
            html.contains(
                "<a href=\"#fn-%EA%B0%81%EC%A3%BC%261\" id=\"fnref-%EA%B0%81%EC%A3%BC%261\" data-footnote-ref>"))
        #expect(html.contains("<li id=\"fn-%EA%B0%81%EC%A3%BC%261\">"))
        #expect(
            MarkdownRenderer().render("See[^x_y.z].\n\n[^x_y.z]: Note.\n").anchorIDs == ["fn-x_y.z", "fnref-x_y.z"])
    }

    @Test func aDefinitionMayComeBeforeItsReference() {
        let notes = Notes("early")
        let html = markdownHTML("[^early]: Said first.\n\nUsed later.[^early]\n")
        #expect(
            html == "<p>Used later.\(notes.ref(1))</p>\n" + notes.section(["<p>Said first. \(notes.back(1))</p>\n"]))
    }

    @Test func aDefinitionMayBeInsideAListOrAQuote() {
        let notes = Notes("l", "q")
        let html = markdownHTML("- item[^l]\n\n  [^l]: From a list.\n\n> quote[^q]\n>\n> [^q]: From a quote.\n")
        #expect(
            html.hasSuffix(
                notes.section(["<p>From a list. \(notes.back(1))</p>\n", "<p>From a quote. \(notes.back(2))</p>\n"])))
        #expect(!html.contains("<p>From a list.</p>"))
    }

    @Test func definitionsOnConsecutiveLinesAreEachTheirOwn() {
        let notes = Notes("a", "b")
        let html = markdownHTML("Both[^a][^b].\n\n[^a]: First note.\n[^b]: Second note.\n")
        #expect(
            html == "<p>Both\(notes.ref(1))\(notes.ref(2)).</p>\n"
                + notes.section(["<p>First note. \(notes.back(1))</p>\n", "<p>Second note. \(notes.back(2))</p>\n"]))
    }

    @Test func aDefinitionLineEndsTheParagraphAboveIt() {
        let notes = Notes("n")
        let html = markdownHTML("Text above.[^n]\n[^n]: The note.\n")
        #expect(html == "<p>Text above.\(notes.ref(1))</p>\n" + notes.section(["<p>The note. \(notes.back(1))</p>\n"]))
    }

    @Test func lazyLinesContinueADefinitionsParagraph() {
        let notes = Notes("m")
        let html = markdownHTML("x[^m]\n\n[^m]: One line\nand the next.\n")
        #expect(html.hasSuffix(notes.section(["<p>One line\nand the next. \(notes.back(1))</p>\n"])))
    }

    @Test func indentedBlocksAfterADefinitionAreMoreOfIt() {
        let notes = Notes("long")
        let markdown =
            "Note.[^long]\n\n[^long]: First paragraph.\n\n    Second *paragraph*.\n\n        let code = 1\n\n    > quoted\n\n    Last one.\n\nBack in the text.\n"
        #expect(
            markdownHTML(markdown) == "<p>Note.\(notes.ref(1))</p>\n<p>Back in the text.</p>\n"
                + notes.section([
                    "<p>First paragraph.</p>\n<p>Second <em>paragraph</em>.</p>\n<pre tabindex=\"0\"><code>let code = 1\n</code></pre>\n"
                        + "<blockquote>\n<p>quoted</p>\n</blockquote>\n<p>Last one. \(notes.back(1))</p>\n"
                ]))
    }

    @Test func aDefinitionWithItsTextOnTheNextLinesIndented() {
        let notes = Notes("n")
        let html = markdownHTML("x[^n]\n\n[^n]:\n    Text on the line below.\n")
        #expect(html.hasSuffix(notes.section(["<p>Text on the line below. \(notes.back(1))</p>\n"])))
    }

    @Test func indentedBlocksAreMoreOfTheDefinitionInAWindowsFileToo() {
        let notes = Notes("w")
        let html = markdownHTML("x[^w]\r\n\r\n[^w]: First paragraph.\r\n\r\n    Second paragraph.\r\n")
        #expect(
            html == "<p>x\(notes.ref(1))</p>\n"
                + notes.section(["<p>First paragraph.</p>\n<p>Second paragraph. \(notes.back(1))</p>\n"]))
    }

    @Test func eachReferenceGetsItsOwnIDAndALinkBack() {
        let notes = Notes("s")
        let html = markdownHTML("One[^s], two[^s], three[^s].\n\n[^s]: Shared by all.\n")
        #expect(
            html == "<p>One\(notes.ref(1)), two\(notes.ref(1, 2)), three\(notes.ref(1, 3)).</p>\n"
                + notes.section(["<p>Shared by all. \(notes.back(1, 3))</p>\n"]))
    }

    @Test func footnotesAreNumberedByTheirFirstReferenceNotTheirDefinition() {
        let notes = Notes("z", "a")
        let html = markdownHTML("Z[^z] then A[^a] then Z[^z].\n\n[^a]: Alpha note.\n\n[^z]: Zulu note.\n")
        #expect(
            html == "<p>Z\(notes.ref(1)) then A\(notes.ref(2)) then Z\(notes.ref(1, 2)).</p>\n"
                + notes.section([
                    "<p>Zulu note. \(notes.back(1, 2))</p>\n", "<p>Alpha note. \(notes.back(2))</p>\n",
                ]))
    }

    @Test func aReferenceToNoDefinitionStaysText() {
        let notes = Notes("k")
        #expect(
            markdownHTML("Nothing[^gone] here, [^ spaced] nor [^].\n")
                == "<p>Nothing[^gone] here, [^ spaced] nor [^].</p>\n")
        #expect(
            markdownHTML("Known[^k] and unknown[^u].\n\n[^k]: Known note.\n").hasPrefix(
                "<p>Known\(notes.ref(1)) and unknown[^u].</p>\n"))
    }

    @Test func aDefinitionNobodyRefersToIsDropped() {
        let notes = Notes("u")
        #expect(markdownHTML("Plain text.\n\n[^lonely]: Never used.\n") == "<p>Plain text.</p>\n")
        let html = markdownHTML("Used[^u].\n\n[^u]: This one is used.\n\n[^unused]: This one is not.\n")
        #expect(
            html == "<p>Used\(notes.ref(1)).</p>\n" + notes.section(["<p>This one is used. \(notes.back(1))</p>\n"]))
    }

    @Test func labelsMatchWithoutRegardToCase() {
        let notes = Notes("note")
        let html = markdownHTML("A[^Note] b[^NOTE].\n\n[^note]: Any case.\n")
        #expect(
            html == "<p>A\(notes.ref(1)) b\(notes.ref(1, 2)).</p>\n"
                + notes.section(["<p>Any case. \(notes.back(1, 2))</p>\n"]))
    }

    @Test func theFirstDefinitionOfALabelWins() {
        let notes = Notes("d")
        let html = markdownHTML("x[^d]\n\n[^d]: The first one.\n\n[^d]: The second one.\n")
        #expect(html == "<p>x\(notes.ref(1))</p>\n" + notes.section(["<p>The first one. \(notes.back(1))</p>\n"]))
    }

    @Test func aOneWordDefinitionThatCmarkReadsAsALinkReferenceDefinitionIsStillAFootnote() {
        let notes = Notes("src")
        let html = markdownHTML("Quoted[^src], again[^src].\n\n[^src]: Ibid.\n")
        #expect(
            html == "<p>Quoted\(notes.ref(1)), again\(notes.ref(1, 2)).</p>\n"
                + notes.section(["<p>Ibid. \(notes.back(1, 2))</p>\n"]))
    }

    @Test func aOneWordDefinitionKeepsTheLinesAndParagraphsThatContinueIt() {
        let notes = Notes("1")
        let html = markdownHTML(
            "Text[^1] here.\n\n[^1]: word\n    continued *here*.\n\n    A second paragraph.\n\nAfter.\n")
        #expect(
            html == "<p>Text\(notes.ref(1)) here.</p>\n<p>After.</p>\n"
                + notes.section(["<p>word\ncontinued <em>here</em>.</p>\n<p>A second paragraph. \(notes.back(1))</p>\n"]
                ))
    }

    @Test func anInlineLinkWithACaretInItsTextStaysALink() {
        let notes = Notes("up")
        let html = markdownHTML("[^up](/top) and[^up].\n\n[^up]: Ibid.\n")
        #expect(
            html == "<p><a href=\"/top\">^up</a> and\(notes.ref(1)).</p>\n"
                + notes.section(["<p>Ibid. \(notes.back(1))</p>\n"]))
    }

    @Test func aFootnoteReferredToOnlyFromAnotherIsListedAfterIt() {
        let notes = Notes("outer", "inner")
        let html = markdownHTML("Text[^outer].\n\n[^outer]: See also[^inner].\n\n[^inner]: The inner note.\n")
        #expect(
            html == "<p>Text\(notes.ref(1)).</p>\n"
                + notes.section([
                    "<p>See also\(notes.ref(2)). \(notes.back(1))</p>\n", "<p>The inner note. \(notes.back(2))</p>\n",
                ]))
    }

    @Test func aOneWordFootnoteReferredToOnlyFromAnotherIsAFootnoteToo() {
        let notes = Notes("outer", "same")
        let html = markdownHTML("Text[^outer].\n\n[^outer]: As said before[^same].\n\n[^same]: Ibid.\n")
        #expect(
            html == "<p>Text\(notes.ref(1)).</p>\n"
                + notes.section([
                    "<p>As said before\(notes.ref(2)). \(notes.back(1))</p>\n", "<p>Ibid. \(notes.back(2))</p>\n",
                ]))
    }

    @Test func footnotesReferringToEachOtherOrThemselvesEndAndLinkBackToEveryReference() {
        let notes = Notes("ping", "pong")
        let html = markdownHTML(
            "Start[^ping].\n\n[^ping]: Over to pong[^pong].\n\n[^pong]: Back to ping[^ping] and to me[^pong].\n")
        #expect(
            html == "<p>Start\(notes.ref(1)).</p>\n"
                + notes.section([
                    "<p>Over to pong\(notes.ref(2)). \(notes.back(1, 2))</p>\n",
                    "<p>Back to ping\(notes.ref(1, 2)) and to me\(notes.ref(2, 2)). \(notes.back(2, 2))</p>\n",
                ]))
    }

    @Test func aFootnoteOnlyItselfRefersToIsDropped() {
        #expect(markdownHTML("Plain.\n\n[^me]: About me[^me].\n") == "<p>Plain.</p>\n")
    }

    @Test func referencesInCodeLinksAndImagesStayText() {
        let notes = Notes("n")
        let html = markdownHTML("`x[^n]` [see[^n]](/s) ![pic[^n]](/p.png) real[^n]\n\n[^n]: The note.\n")
        #expect(
            html.hasPrefix(
                "<p><code>x[^n]</code> <a href=\"/s\">see[^n]</a> <img src=\"/p.png\" alt=\"pic[^n]\" /> real\(notes.ref(1))</p>\n"
            ))
        #expect(html.hasSuffix(notes.section(["<p>The note. \(notes.back(1))</p>\n"])))
    }

    @Test func switchedOffReferencesAndDefinitionsAreWhatCmarkMakesOfThem() {
        let markdown = "A claim.[^c]\n\n[^c]: A long source.\n"
        #expect(markdownHTML(markdown, without: .footnotes) == cmarkHTML(markdown))
        #expect(cmarkHTML(markdown) == "<p>A claim.[^c]</p>\n<p>[^c]: A long source.</p>\n")
    }

    /// A cell with a pipe in its code is parsed on its own (`GFMTables`' general way); its references are
    /// still numbered in document order, and its notes listed, not dropped.
    @Test func referencesInATableParsedCellByCellAreNumberedWhereTheyStand() {
        let notes = Notes("a", "b", "c")
        let html = markdownHTML(
            "First.[^a]\n\n| code | note |\n|---|---|\n| `x\\|y` | see[^b] and [^A] |\n| `z` | [^zz] [^a&b] |\n\nLast.[^c]\n\n"
                + "[^a]: One.\n[^b]: Two words.\n[^c]: Three more.\n")
        #expect(html.contains("<p>First.\(notes.ref(1))</p>"), "\(html)")
        #expect(html.contains("<td>see\(notes.ref(2)) and \(notes.ref(1, 2))</td>"), "\(html)")
        #expect(html.contains("<td>[^zz] [^a&amp;b]</td>"), "an undefined label stays as written: \(html)")
        #expect(html.contains("<p>Last.\(notes.ref(3))</p>"), "\(html)")
        #expect(
            html.hasSuffix(
                notes.section([
                    "<p>One. \(notes.back(1, 2))</p>\n", "<p>Two words. \(notes.back(2))</p>\n",
                    "<p>Three more. \(notes.back(3))</p>\n",
                ])), "\(html)")
        #expect(!html.unicodeScalars.contains { (0xFDD0...0xFDEF).contains($0.value) }, "no mark is left")
    }

    @Test func aOneWordNoteReferredToOnlyFromACellParsedApartIsKept() {
        let notes = Notes("w")
        let html = markdownHTML("| code | note |\n|---|---|\n| `x\\|y` | see[^w] |\n\n[^w]: Ibid.\n")
        #expect(html.contains("<td>see\(notes.ref(1))</td>"), "\(html)")
        #expect(html.hasSuffix(notes.section(["<p>Ibid. \(notes.back(1))</p>\n"])), "\(html)")
    }

    @Test func cellsParsedApartKeepTheirReferencesAsTextWhenNothingIsDefinedOrFootnotesAreOff() {
        let table = "| code | note |\n|---|---|\n| `x\\|y` | see[^n] |\n"
        #expect(markdownHTML(table).contains("<td>see[^n]</td>"))
        let off = markdownHTML(table + "\n[^n]: The note.\n", without: .footnotes)
        #expect(off.contains("<td>see[^n]</td>") && !off.contains("footnote"), "\(off)")
    }
}
