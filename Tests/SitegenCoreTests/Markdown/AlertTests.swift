import Testing

@testable import SitegenCore

@Suite("GitHub alerts") struct AlertTests {
    /// The alert's opening up to its title's words, without the icon.
    private func opening(_ kind: String, _ title: String) -> (String, String) {
        (
            "<div class=\"markdown-alert markdown-alert-\(kind)\" role=\"note\">\n<p class=\"markdown-alert-title\"><svg class=\"markdown-alert-icon\" ",
            "</svg>\(title)</p>\n"
        )
    }

    @Test func eachKindBecomesATitledCalloutWithAnIcon() {
        for (marker, kind, title) in [
            ("NOTE", "note", "Note"), ("TIP", "tip", "Tip"), ("IMPORTANT", "important", "Important"),
            ("WARNING", "warning", "Warning"), ("CAUTION", "caution", "Caution"),
        ] {
            let html = markdownHTML("> [!\(marker)]\n> Sprint review on *Friday*.\n")
            let (start, title) = opening(kind, title)
            #expect(html.hasPrefix(start), "\(html)")
            #expect(html.hasSuffix(title + "<p>Sprint review on <em>Friday</em>.</p>\n</div>\n"), "\(html)")
            #expect(html.contains("aria-hidden=\"true\""))
            #expect(!html.contains("[!") && !html.contains("blockquote"), "\(html)")
        }
    }

    @Test func theMarkerIsReadInAnyCase() {
        #expect(markdownHTML("> [!Tip]\n> Pair on it.\n").contains("markdown-alert-tip"))
        #expect(markdownHTML("> [!warning]\n> Hot.\n").contains("markdown-alert-warning"))
    }

    @Test func everyBlockOfTheQuoteStaysInTheAlert() {
        let html = markdownHTML("> [!IMPORTANT]\n>\n> First.\n>\n> - a\n> - b\n\nAfter.\n")
        #expect(
            html.hasSuffix(
                "</svg>Important</p>\n<p>First.</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n</div>\n<p>After.</p>\n"),
            "\(html)")
    }

    @Test func theMarkerMayEndInSpacesAndStandInAParagraphOfItsOwn() {
        let html = markdownHTML("> [!NOTE]  \n>\n> Apart.\n")
        #expect(html.hasSuffix("</svg>Note</p>\n<p>Apart.</p>\n</div>\n"), "\(html)")
        #expect(!markdownHTML("> [!NOTE]   \n").contains("markdown-alert"))
    }

    @Test func titlesComeFromTheWordsGiven() {
        let html = MarkdownRenderer(alertTitles: ["alert_caution": "주의 <&>"]).html(from: "> [!CAUTION]\n> 뜨거움.\n")
        #expect(html.contains("</svg>주의 &lt;&amp;&gt;</p>\n<p>뜨거움.</p>"), "\(html)")
    }

    @Test func aMarkerWithTextOnItsLineIsAnOrdinaryQuote() {
        #expect(markdownHTML("> [!NOTE] Read this.\n") == "<blockquote>\n<p>[!NOTE] Read this.</p>\n</blockquote>\n")
    }

    @Test func anUnknownKindIsAnOrdinaryQuote() {
        #expect(markdownHTML("> [!FOO]\n> Bar.\n") == "<blockquote>\n<p>[!FOO]\nBar.</p>\n</blockquote>\n")
        #expect(markdownHTML("> [!]\n> Bar.\n") == "<blockquote>\n<p>[!]\nBar.</p>\n</blockquote>\n")
    }

    @Test func aMarkerNotOnTheFirstLineOrAloneIsAnOrdinaryQuote() {
        #expect(
            markdownHTML("> Text.\n> [!NOTE]\n> More.\n")
                == "<blockquote>\n<p>Text.\n[!NOTE]\nMore.</p>\n</blockquote>\n")
        #expect(markdownHTML("> [!NOTE]\n") == "<blockquote>\n<p>[!NOTE]</p>\n</blockquote>\n")
    }

    @Test func aQuoteInsideAListOrAnotherQuoteIsNoAlert() {
        #expect(!markdownHTML("- > [!NOTE]\n  > In a list.\n").contains("markdown-alert"))
        #expect(!markdownHTML("> > [!NOTE]\n> > Nested.\n").contains("markdown-alert"))
    }

    @Test func otherQuotesAreUnchanged() {
        let markdown = "> Just a quote,\n> two lines.\n\n> [!TIP]\n> An alert.\n\n> Another.\n"
        let html = markdownHTML(markdown)
        #expect(html.hasPrefix("<blockquote>\n<p>Just a quote,\ntwo lines.</p>\n</blockquote>\n<div class="))
        #expect(html.hasSuffix("</div>\n<blockquote>\n<p>Another.</p>\n</blockquote>\n"))
    }

    @Test func switchedOffAlertsAreTheQuotesCmarkMakes() {
        let markdown = "> [!NOTE]\n> Bar.\n"
        #expect(markdownHTML(markdown, without: .alerts) == cmarkHTML(markdown))
    }
}
