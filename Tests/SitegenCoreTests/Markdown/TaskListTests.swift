import Testing

@testable import SitegenCore

@Suite("Task lists") struct TaskListTests {
    /// An open task's checkbox, named `label`.
    private static func open(_ label: String) -> String {
        "<input type=\"checkbox\" disabled=\"\" aria-label=\"\(label)\"> "
    }
    /// A done task's checkbox, named `label`.
    private static func ticked(_ label: String) -> String {
        "<input type=\"checkbox\" disabled=\"\" checked=\"\" aria-label=\"\(label)\"> "
    }

    @Test func aSpaceInTheBracketsIsAnOpenTask() {
        #expect(
            markdownHTML("- [ ] book the room\n")
                == "<ul>\n<li>\(Self.open("book the room"))book the room</li>\n</ul>\n")
    }

    @Test func anXInEitherCaseIsADoneTask() {
        #expect(
            markdownHTML("- [x] retro\n- [X] planning\n")
                == "<ul>\n<li>\(Self.ticked("retro"))retro</li>\n<li>\(Self.ticked("planning"))planning</li>\n</ul>\n")
    }

    @Test func everyCheckboxIsDisabledSoReadersCannotTickIt() {
        let html = markdownHTML("- [ ] a\n- [x] b\n")
        #expect(html.components(separatedBy: "<input").count - 1 == 2)
        #expect(html.components(separatedBy: "disabled=\"\"").count - 1 == 2)
    }

    @Test func tasksNestInBulletAndOrderedLists() {
        let html = markdownHTML("- [x] sprint\n  1. [ ] demo\n  2. [x] review\n+ [ ] next\n")
        #expect(
            html == """
                <ul>
                <li>\(Self.ticked("sprint"))sprint
                <ol>
                <li>\(Self.open("demo"))demo</li>
                <li>\(Self.ticked("review"))review</li>
                </ol>
                </li>
                </ul>
                <ul>
                <li>\(Self.open("next"))next</li>
                </ul>

                """)
    }

    @Test func theTaskTextKeepsItsInlineMarkdown() {
        #expect(
            markdownHTML("- [ ] read *Scrum* ~~twice~~\n")
                == "<ul>\n<li>\(Self.open("read Scrum twice"))read <em>Scrum</em> <del>twice</del></li>\n</ul>\n")
    }

    @Test func theCheckboxIsNamedByTheTaskWordsWithoutMarkupOrFootnoteMarks() {
        #expect(
            markdownHTML("- [x] ship `v2` with [docs](https://example.org/) and \"quotes\"[^n]\n\n[^n]: A note.\n")
                .hasPrefix(
                    "<ul>\n<li>\(Self.ticked("ship v2 with docs and &quot;quotes&quot;"))ship <code>v2</code> with "
                        + "<a href=\"https://example.org/\">docs</a> and &quot;quotes&quot;<sup class=\"footnote-ref\">"
                ))
    }

    @Test func aTaskOfNoWordsGetsNoEmptyName() {
        #expect(markdownHTML("- [ ]\n") == "<ul>\n<li><input type=\"checkbox\" disabled=\"\"> </li>\n</ul>\n")
    }

    @Test func aLooseListKeepsTheCheckboxInTheParagraph() {
        #expect(
            markdownHTML("- [x] one\n\n- [ ] two\n")
                == "<ul>\n<li>\n<p>\(Self.ticked("one"))one</p>\n</li>\n<li>\n<p>\(Self.open("two"))two</p>\n</li>\n</ul>\n"
        )
    }

    @Test func aTaskInABlockQuote() {
        #expect(
            markdownHTML("> - [x] quoted\n")
                == "<blockquote>\n<ul>\n<li>\(Self.ticked("quoted"))quoted</li>\n</ul>\n</blockquote>\n")
    }

    @Test func bracketsInAPlainParagraphAreText() {
        #expect(markdownHTML("[ ] not a task\n[x] nor this\n") == "<p>[ ] not a task\n[x] nor this</p>\n")
    }

    @Test func bracketsLaterInTheItemAreText() {
        #expect(markdownHTML("- tick [x] here\n") == "<ul>\n<li>tick [x] here</li>\n</ul>\n")
    }

    @Test func onlyASpaceXOrXBetweenTheBracketsMakesATask() {
        #expect(
            markdownHTML("- [o] no\n- [] no\n- [xx] no\n")
                == "<ul>\n<li>[o] no</li>\n<li>[] no</li>\n<li>[xx] no</li>\n</ul>\n")
    }

    @Test func theBracketsMustBeFollowedByWhiteSpace() {
        #expect(markdownHTML("- [x]done\n") == "<ul>\n<li>[x]done</li>\n</ul>\n")
    }

    @Test func aHeadingInAnItemIsNoTask() {
        #expect(
            markdownHTML("- # [ ] title\n", without: .headingAnchors)
                == "<ul>\n<li>\n<h1>[ ] title</h1>\n</li>\n</ul>\n")
    }

    @Test func switchedOffTheBracketsAreTextAsInCmark() {
        let markdown = "- [ ] open\n- [x] done\n"
        #expect(markdownHTML(markdown, without: .taskLists) == cmarkHTML(markdown))
        #expect(cmarkHTML(markdown) == "<ul>\n<li>[ ] open</li>\n<li>[x] done</li>\n</ul>\n")
    }
}
