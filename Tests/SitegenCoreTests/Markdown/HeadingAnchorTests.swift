import Testing

@testable import SitegenCore

@Suite("Heading ids and anchors") struct HeadingAnchorTests {
    /// The `id` of every heading in the HTML of `markdown`, in order.
    private func ids(_ markdown: String) -> [String] {
        rendered(markdown).headings.map(\.id)
    }

    @Test func aHeadingGetsAnIDAndALinkToItselfAfterItsText() {
        #expect(
            markdownHTML("## Sprint review\n") == """
                <h2 id="sprint-review">Sprint review <a class="heading-anchor" href="#sprint-review" aria-labelledby="sprint-review">#</a></h2>

                """)
    }

    @Test func lettersOfEveryScriptAreKeptAndLowerCased() {
        #expect(ids("# 스크럼 회고\n# Ünïcödé Straße\n# ΑΒΓ\n") == ["스크럼-회고", "ünïcödé-straße", "αβγ"])
    }

    @Test func punctuationIsDroppedButHyphensAndUnderscoresStay() {
        #expect(
            ids("# Hello, World! (2024)\n# snake_case & kebab-case?\n") == [
                "hello-world-2024", "snake_case--kebab-case",
            ])
    }

    @Test func eachSpaceBecomesAHyphenAndOtherWhiteSpaceGoes() {
        #expect(ids("# a  b\tc\n# no\u{A0}break\n") == ["a--bc", "nobreak"])
    }

    @Test func theVariationSelectorAfterAnEmojiAndJoinersStayAsOnGitHub() {
        // The emoji are symbols and go; U+FE0F is a mark and U+200D a joiner, which GitHub keeps.
        #expect(ids("## ⚡\u{FE0F} Fast\n## 👩\u{200D}💻 Team\n## ✨ New\n") == ["\u{FE0F}-fast", "\u{200D}-team", "-new"])
    }

    @Test func anEmojiAndPunctuationGoAsOnGitHubLeavingTheirSpaces() {
        #expect(
            ids("## 🎉 Release 2.0 — what's new?!\n## 🎉 Release 2.0 — what's new?!\n## C++ & C#: 3.5% (beta)\n") == [
                "-release-20--whats-new", "-release-20--whats-new-1", "c--c-35-beta",
            ])
    }

    @Test func digitsOfEveryScriptStayButOtherNumbersGo() {
        #expect(ids("# Step ٣ x²\n") == ["step-٣-x"])
    }

    @Test func theTextOfInlineMarkupCountsNotTheMarkup() {
        #expect(ids("# The `main` *loop* [docs](/d)\n") == ["the-main-loop-docs"])
    }

    @Test func repeatedHeadingsGetANumberedSuffix() {
        #expect(ids("# Notes\n## Notes\n### notes\n") == ["notes", "notes-1", "notes-2"])
    }

    @Test func aSuffixedIDTakenByAnotherHeadingIsSkipped() {
        #expect(ids("# Part\n# Part 1\n# Part\n") == ["part", "part-1", "part-2"])
        #expect(ids("# Part-1\n# Part\n# Part\n") == ["part-1", "part", "part-2"])
    }

    @Test func aHeadingWithoutLettersOrDigitsIsCalledSection() {
        #expect(ids("# ?!\n# ...\n") == ["section", "section-1"])
    }

    @Test func headingsKeepTheirNaturalIDsBesideFootnotes() {
        let markdown =
            "Note[^a] and again[^a].\n\n# Footnotes\n# Footnote 1\n# Footnote ref 1\n# Fn:1\n\n[^a]: A note.\n"
        #expect(ids(markdown) == ["footnotes", "footnote-1", "footnote-ref-1", "fn1"])
        let html = markdownHTML(markdown)
        for id in ["footnotes", "footnote-1", "footnote-ref-1", "fn1", "fn-a", "fnref-a", "fnref-a-2"] {
            #expect(html.components(separatedBy: "id=\"\(id)\"").count - 1 == 1, "\(id)")
        }
    }

    @Test func aHeadingNamedAsAFootnoteIDIsNumberedAsARepeat() {
        let markdown = "Note[^a] and again[^a].\n\n# Fn a\n# Fnref a 2\n\n[^a]: A note.\n"
        #expect(ids(markdown) == ["fn-a-1", "fnref-a-2-1"])
        let html = markdownHTML(markdown)
        for id in ["fn-a", "fn-a-1", "fnref-a-2", "fnref-a-2-1"] {
            #expect(html.components(separatedBy: "id=\"\(id)\"").count - 1 == 1, "\(id)")
        }
    }

    @Test func theHeadingsAreCollectedWithLevelIDAndText() {
        let headings = rendered("# Menu\n\ntext\n\n## 대방어 *fresh*\n").headings
        #expect(headings.map(\.level) == [1, 2])
        #expect(headings.map(\.id) == ["menu", "대방어-fresh"])
        #expect(headings.map(\.text) == ["Menu", "대방어 fresh"])
    }

    @Test func setextHeadingsGetIDsToo() {
        #expect(ids("Title\n=====\n\nSub\n---\n") == ["title", "sub"])
    }

    @Test func belowThePageTitleLevelOneHeadingsMoveEveryHeadingOneLevelDown() {
        let renderer = MarkdownRenderer(options: [.belowPageTitle])
        let rendered = renderer.render("# One\n\n## Two\n\n###### Six\n\nSetext\n===\n", summaryLength: nil)
        #expect(rendered.headings.map(\.level) == [2, 3, 6, 2])
        #expect(rendered.html.hasPrefix("<h2 id=\"one\">One "))
        #expect(renderer.render("## Two\n\n### Three\n", summaryLength: nil).headings.map(\.level) == [2, 3])
        #expect(MarkdownRenderer().render("# One\n", summaryLength: nil).headings.map(\.level) == [1])
    }

    @Test func switchedOffHeadingsAreWhatCmarkMakes() {
        let markdown = "# One\n\n## Two, too\n"
        #expect(markdownHTML(markdown, without: .headingAnchors) == cmarkHTML(markdown))
        #expect(cmarkHTML(markdown) == "<h1>One</h1>\n<h2>Two, too</h2>\n")
    }
}
