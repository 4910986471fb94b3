import Testing

@testable import SitegenCore

@Suite("GitHub tables") struct TableTests {
    @Test func aHeaderRowThenADelimiterRowMakeATableAndTheLinesAfterAreItsBody() {
        let html = markdownHTML("| Dish | Won |\n| --- | --- |\n| 대방어 | 33000 |\n| 갈비찜 | 50000 |\n")
        #expect(
            html == """
                <div class="table-wrap" tabindex="0">
                <table>
                <thead>
                <tr>
                <th>Dish</th>
                <th>Won</th>
                </tr>
                </thead>
                <tbody>
                <tr>
                <td>대방어</td>
                <td>33000</td>
                </tr>
                <tr>
                <td>갈비찜</td>
                <td>50000</td>
                </tr>
                </tbody>
                </table>
                </div>

                """)
    }

    @Test func colonsInTheDelimiterRowAlignTheColumnLeftCenterOrRight() {
        let html = markdownHTML("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n")
        #expect(columnAlignments(in: html) == ["left", "center", "right", nil])
        #expect(
            html.contains("<td style=\"text-align: center\">2</td>\n<td style=\"text-align: right\">3</td>\n<td>4</td>")
        )
    }

    @Test func outerPipesAreOptionalAndCellsAreTrimmed() {
        #expect(
            tableRows(in: markdownHTML("prime   |   count\n:--- | ---:\n  7 |4\n")) == [
                ["prime", "count"], ["7", "4"],
            ])
    }

    @Test func anEscapedPipeIsTextInsideItsCell() {
        #expect(
            tableRows(in: markdownHTML("| either \\| or | x |\n|---|---|\n| a\\|b | c |\n")) == [
                ["either | or", "x"], ["a|b", "c"],
            ])
    }

    @Test func anEscapedPipeInsideACodeSpanStaysInTheCode() {
        let html = markdownHTML("| Shell |\n|---|\n| `ls \\| wc -l` |\n")
        #expect(tableRows(in: html) == [["Shell"], ["<code>ls | wc -l</code>"]])
    }

    @Test func anUnescapedPipeSplitsTheRowEvenInsideBackticks() {
        // The row is split before inline content is read, as GitHub does: the backticks no longer pair.
        #expect(tableRows(in: markdownHTML("| a | b |\n|---|---|\n| `x|y` |\n")) == [["a", "b"], ["`x", "y`"]])
    }

    @Test func cellsHoldInlineMarkdown() {
        let html = markdownHTML(
            "| a | b | c |\n|---|---|---|\n| *soft* **firm** | `n < 2` ~~no~~ | [home](/) www.example.org |\n")
        #expect(
            tableRows(in: html)[1] == [
                "<em>soft</em> <strong>firm</strong>", "<code>n &lt; 2</code> <del>no</del>",
                "<a href=\"/\">home</a> <a href=\"http://www.example.org\">www.example.org</a>",
            ])
    }

    @Test func cellTextThatLooksLikeABlockIsInlineText() {
        let html = markdownHTML("| # one | - two | > three | 4. four |\n|---|---|---|---|\n")
        #expect(tableRows(in: html) == [["# one", "- two", "&gt; three", "4. four"]])
    }

    @Test func aRowWithFewerCellsThanTheHeaderGetsEmptyOnes() {
        #expect(
            tableRows(in: markdownHTML("| a | b | c |\n|---|---|---|\n| 1 |\n")) == [["a", "b", "c"], ["1", "", ""]])
    }

    @Test func cellsBeyondTheHeaderAreDropped() {
        #expect(tableRows(in: markdownHTML("| a | b |\n|---|---|\n| 1 | 2 | 3 | 4 |\n")) == [["a", "b"], ["1", "2"]])
    }

    @Test func aTableWithoutBodyRowsHasNoBody() {
        let html = markdownHTML("| only | head |\n|---|---|\n")
        #expect(html.contains("</thead>\n</table>"))
        #expect(!html.contains("<tbody>"))
    }

    @Test func aBlankLineEndsTheTable() {
        let html = markdownHTML("| a |\n|---|\n| 1 |\n\nAfter the table.\n")
        #expect(tableRows(in: html) == [["a"], ["1"]])
        #expect(html.hasSuffix("</table>\n</div>\n<p>After the table.</p>\n"))
    }

    @Test func aLineWithoutPipesRightAfterTheRowsIsAnotherRow() {
        let html = markdownHTML("| a | b |\n|---|---|\n| 1 | 2 |\nthree\n\nfour\n")
        #expect(tableRows(in: html) == [["a", "b"], ["1", "2"], ["three", ""]])
        #expect(html.hasSuffix("</div>\n<p>four</p>\n"))
    }

    @Test func anotherBlockEndsTheTable() {
        let rows = "| a |\n|---|\n| 1 |\n"
        #expect(markdownHTML(rows + "> quoted\n").hasSuffix("</div>\n<blockquote>\n<p>quoted</p>\n</blockquote>\n"))
        #expect(markdownHTML(rows + "- listed\n").hasSuffix("</div>\n<ul>\n<li>listed</li>\n</ul>\n"))
        #expect(
            markdownHTML(rows + "```\ncode\n```\n").hasSuffix("</div>\n<pre tabindex=\"0\"><code>code\n</code></pre>\n")
        )
        let heading = markdownHTML(rows + "## Next\n")
        #expect(tableRows(in: heading) == [["a"], ["1"]])
        #expect(heading.contains("</div>\n<h2 id=\"next\">Next"))
    }

    @Test func aTableInsideAListItem() {
        let afterText = markdownHTML("- Prices:\n\n  | item | won |\n  |---|--:|\n  | 신선로 | 70000 |\n")
        #expect(afterText.hasPrefix("<ul>\n<li>\n<p>Prices:</p>\n<div class=\"table-wrap\""))
        #expect(tableRows(in: afterText) == [["item", "won"], ["신선로", "70000"]])
        let first = markdownHTML("1. | item | won |\n   |---|---|\n   | 베이징덕 | 100000 |\n")
        // A tight list's item has no paragraph around its text: the table follows `<li>` directly.
        #expect(first.hasPrefix("<ol>\n<li><div class=\"table-wrap\""))
        #expect(tableRows(in: first) == [["item", "won"], ["베이징덕", "100000"]])
    }

    @Test func aTableInsideABlockQuote() {
        let html = markdownHTML("> | n | prime? |\n> |---|---|\n> | 7 | yes |\n| 8 | no |\n")
        #expect(html.hasPrefix("<blockquote>\n<div class=\"table-wrap\""))
        #expect(tableRows(in: html) == [["n", "prime?"], ["7", "yes"], ["8", "no"]])
        #expect(html.hasSuffix("</div>\n</blockquote>\n"))
    }

    @Test func linesBeforeTheHeaderRowStayAParagraph() {
        let html = markdownHTML("The menu, *tonight*:\nall prices in won\n| item | won |\n|---|---|\n| 대방어 | 33000 |\n")
        #expect(html.hasPrefix("<p>The menu, <em>tonight</em>:\nall prices in won</p>\n<div class=\"table-wrap\""))
        #expect(tableRows(in: html) == [["item", "won"], ["대방어", "33000"]])
    }

    @Test func aLinkReferenceDefinitionBeforeTheHeaderRowIsNotACell() {
        let html = markdownHTML("[menu]: /menu/\n| item | see |\n|---|---|\n| 갈비찜 | [menu] |\n")
        #expect(html.hasPrefix("<div class=\"table-wrap\""))
        #expect(tableRows(in: html) == [["item", "see"], ["갈비찜", "<a href=\"/menu/\">menu</a>"]])
    }

    @Test func aHeaderWithMoreOrFewerCellsThanTheDelimiterRowIsNoTable() {
        let more = "| a | b | c |\n|---|---|\n| 1 | 2 |\n"
        #expect(markdownHTML(more) == "<p>| a | b | c |\n|---|---|\n| 1 | 2 |</p>\n")
        let fewer = "| a |\n|---|---|\n"
        #expect(markdownHTML(fewer) == "<p>| a |\n|---|---|</p>\n")
    }

    @Test func referenceLinksInCellsResolveWhereverTheyAreDefined() {
        let html = markdownHTML(
            "[before]: /b/\n\n| a | b |\n|---|---|\n| [before] | [after][later] |\n\n[later]: /l/ \"Later\"\n")
        #expect(tableRows(in: html)[1] == ["<a href=\"/b/\">before</a>", "<a href=\"/l/\" title=\"Later\">after</a>"])
    }

    @Test func windowsLineEndingsMakeATableToo() {
        #expect(tableRows(in: markdownHTML("| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n")) == [["a", "b"], ["1", "2"]])
    }

    @Test func rawHTMLInACellIsLeftOutAndNotedAtItsRow() {
        let result = rendered("Intro.\n\n| key |\n|---|\n| <kbd>Ctrl</kbd> |\n")
        #expect(tableRows(in: result.html)[1] == ["<!-- raw HTML omitted -->Ctrl<!-- raw HTML omitted -->"])
        #expect(result.omittedHTML.map(\.line) == [5, 5])
    }

    @Test func switchedOffATableIsTheParagraphCmarkMakes() {
        let markdown = "| a | b |\n|---|---|\n| 1 | 2 |\n"
        #expect(markdownHTML(markdown, without: .tables) == cmarkHTML(markdown))
        #expect(cmarkHTML(markdown) == "<p>| a | b |\n|---|---|\n| 1 | 2 |</p>\n")
    }

    @Test func aFootnoteReferenceInACellIsAFootnote() {
        let html = markdownHTML("| term | note |\n|---|---|\n| sprint | a time box[^1] |\n\n[^1]: Two weeks here.\n")
        #expect(html.contains("<td>a time box<sup class=\"footnote-ref\"><a href=\"#fn-1\""))
        #expect(html.contains("<li id=\"fn-1\">\n<p>Two weeks here."))
    }

    @Test func aCellWithAnEscapedPipeOrAPipeInCodeIsSplitAsItsTextSays() {
        #expect(tableRows(in: markdownHTML("| a | b |\n|---|---|\n| `x|y` | z |\n")) == [["a", "b"], ["`x", "y`"]])
        #expect(
            tableRows(in: markdownHTML("| a | b |\n|---|---|\n| x \\| y | z |\n")) == [["a", "b"], ["x | y", "z"]])
    }
}
