import Testing

@testable import SitegenCore

@Suite("Summary text") struct SummaryTextTests {
    @Test func theSummaryIsTheTextOfParagraphsListsAndQuotesInOrder() {
        let result = rendered(
            "We *meet* on `Fridays`.\n\n- bring notes\n- bring [snacks](/menu/)\n\n> Scrum is simple.\n")
        #expect(result.summary == "We meet on Fridays. bring notes bring snacks Scrum is simple.")
        #expect(!result.endsAtMore)
    }

    @Test func headingsCodeTablesAndFootnotesAreLeftOut() {
        let markdown = """
            # Weekly notes

            Kept.[^n]

                indented code

            ```
            fenced code
            ```

            | a | b |
            |---|---|
            | cell | cell |

            Also kept.

            [^n]: Footnote text.

            """
        #expect(rendered(markdown).summary == "Kept. Also kept.")
    }

    @Test func rawHTMLIsLeftOut() {
        #expect(rendered("<div>block</div>\n\nText <b>bold</b>.\n").summary == "Text bold.")
    }

    @Test func aMoreLineEndsTheSummary() {
        let result = rendered("Before the cut.\n\n<!--more-->\n\nAfter the cut.\n")
        #expect(result.summary == "Before the cut.")
        #expect(result.endsAtMore)
    }

    @Test func aMoreLineIsTakenOutOfThePageAndIsNoOmittedHTML() {
        let result = rendered("Before.\n\n  <!--more-->  \n\nAfter.\n")
        #expect(result.html == "<p>Before.</p>\n<p>After.</p>\n")
        #expect(result.omittedHTML.isEmpty)
        #expect(result.endsAtMore)
    }

    @Test func moreInsideAParagraphIsRawHTMLNotACut() {
        let result = rendered("Words <!--more--> and words.\n")
        #expect(result.summary == "Words  and words.")
        #expect(!result.endsAtMore)
        #expect(result.omittedHTML.map(\.column) == [7])
    }

    @Test func withUnsafeHTMLTheMoreLineIsStillTakenOut() {
        let result = MarkdownRenderer(options: [.allowUnsafeHTML]).render("One.\n\n<!--more-->\n\nTwo.\n")
        #expect(result.html == "<p>One.</p>\n<p>Two.</p>\n")
        #expect(result.summary == "One.")
    }

    @Test func withoutAMoreLineTheSummaryIsTheWholeText() {
        let result = rendered("First.\n\nSecond.\n")
        #expect(result.summary == "First. Second.")
        #expect(!result.endsAtMore)
    }
}
