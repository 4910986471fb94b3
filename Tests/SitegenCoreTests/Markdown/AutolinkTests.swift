import TestTimeLimits
import Testing

@testable import SitegenCore

@Suite("Extended autolinks") struct AutolinkTests {
    /// The HTML of one line, without the paragraph around it.
    private func line(_ text: String) -> String {
        let html = markdownHTML(text + "\n")
        return String(html.dropFirst("<p>".count).dropLast("</p>\n".count))
    }

    @Test func aWWWAddressLinksToHTTP() {
        #expect(
            line("Menu at www.shimya.example") == "Menu at <a href=\"http://www.shimya.example\">www.shimya.example</a>"
        )
    }

    @Test func httpAndHTTPSAddressesLinkAsWritten() {
        #expect(
            line("https://primes.example/7 or http://primes.example") == """
                <a href="https://primes.example/7">https://primes.example/7</a> or <a href="http://primes.example">http://primes.example</a>
                """)
    }

    @Test func anFTPAddressLinksAsWritten() {
        #expect(
            line("Old minutes at ftp://archive.shimya.example/2019.") == """
                Old minutes at <a href="ftp://archive.shimya.example/2019">ftp://archive.shimya.example/2019</a>.
                """)
        #expect(line("ftp://localhost/x and ftp:/archive.example") == "ftp://localhost/x and ftp:/archive.example")
    }

    @Test func aLinkInsideParenthesesEndsBeforeTheClosingOneButKeepsItsOwnPair() {
        #expect(
            line("(minutes: https://wiki.example.org/Sprint_(7))") == """
                (minutes: <a href="https://wiki.example.org/Sprint_(7)">https://wiki.example.org/Sprint_(7)</a>)
                """)
        // Only a link ending in `)` is counted: the extra one inside stays.
        #expect(
            line("www.example.org/q=(a))+b")
                == "<a href=\"http://www.example.org/q=(a))+b\">www.example.org/q=(a))+b</a>")
    }

    @Test func punctuationEndingAPathIsLeftOutButKeptInside() {
        #expect(
            line("Read www.example.org/~kim/notes.v2.txt, then reply.")
                == "Read <a href=\"http://www.example.org/~kim/notes.v2.txt\">www.example.org/~kim/notes.v2.txt</a>, then reply."
        )
    }

    @Test(.timeLimit(.minutes(TimeLimits.minutes(1)))) func manyLoneTildesBeforeALinkAreJoinedInOnePass() {
        let tildes = String(repeating: "a~ ", count: 100_000)
        #expect(
            line(tildes + "www.example.org/~x")
                == tildes + "<a href=\"http://www.example.org/~x\">www.example.org/~x</a>")
    }

    @Test func anEMailAddressLinksToMailto() {
        #expect(
            line("write to kim+site@mail.example.kr")
                == "write to <a href=\"mailto:kim+site@mail.example.kr\">kim+site@mail.example.kr</a>")
    }

    @Test func thePathRunsToWhiteSpaceOrALessThanSign() {
        #expect(
            line("www.example.org/a/b?c=d#e then")
                == "<a href=\"http://www.example.org/a/b?c=d#e\">www.example.org/a/b?c=d#e</a> then")
        #expect(line("www.example.org/x<y") == "<a href=\"http://www.example.org/x\">www.example.org/x</a>&lt;y")
    }

    @Test func trailingPunctuationIsNotPartOfTheLink() {
        for mark in ["?", "!", ".", ",", ":", "*", "_", "~"] {
            #expect(
                line("www.example.org/p\(mark)") == "<a href=\"http://www.example.org/p\">www.example.org/p</a>\(mark)",
                "\(mark)")
        }
    }

    @Test func punctuationInsideTheLinkIsKept() {
        #expect(
            line("https://example.org/v1.2,3!x done.")
                == "<a href=\"https://example.org/v1.2,3!x\">https://example.org/v1.2,3!x</a> done.")
    }

    @Test func aClosingParenthesisWithoutItsOpenerIsLeftOut() {
        #expect(
            line("(see www.example.org/wiki)")
                == "(see <a href=\"http://www.example.org/wiki\">www.example.org/wiki</a>)")
        #expect(line("www.example.org/f(x))") == "<a href=\"http://www.example.org/f(x)\">www.example.org/f(x)</a>)")
    }

    @Test func balancedParenthesesStayInTheLink() {
        #expect(
            line("www.example.org/Scrum_(method)")
                == "<a href=\"http://www.example.org/Scrum_(method)\">www.example.org/Scrum_(method)</a>")
        #expect(line("www.example.org/a)b(c") == "<a href=\"http://www.example.org/a)b(c\">www.example.org/a)b(c</a>")
    }

    @Test func anEntityLikeEndingIsLeftOut() {
        // `&sp;` is no entity, so cmark keeps it as text and the link must stop before it.
        #expect(
            line("www.example.org/q?a=1&sp;")
                == "<a href=\"http://www.example.org/q?a=1\">www.example.org/q?a=1</a>&amp;sp;")
        #expect(
            line("www.example.org/q?a=1&b=2")
                == "<a href=\"http://www.example.org/q?a=1&amp;b=2\">www.example.org/q?a=1&amp;b=2</a>")
    }

    @Test func anUnderscoreInTheLastTwoPartsOfTheDomainMakesNoLink() {
        #expect(line("www.my_shop.example") == "www.my_shop.example")
        #expect(line("www.example.my_org") == "www.example.my_org")
        #expect(line("https://files.cdn_1.org") == "https://files.cdn_1.org")
    }

    @Test func anUnderscoreEarlierInTheDomainOrInThePathIsFine() {
        #expect(
            line("www.my_team.example.org") == "<a href=\"http://www.my_team.example.org\">www.my_team.example.org</a>")
        #expect(
            line("www.example.org/snake_case")
                == "<a href=\"http://www.example.org/snake_case\">www.example.org/snake_case</a>")
    }

    @Test func aDomainNeedsADot() {
        #expect(line("http://localhost/x and https://") == "http://localhost/x and https://")
    }

    @Test func codeSpansAreNotLinked() {
        #expect(line("`www.example.org` `a@b.example`") == "<code>www.example.org</code> <code>a@b.example</code>")
    }

    @Test func theTextOfAnExistingLinkIsNotLinkedAgain() {
        #expect(
            line("[www.example.org](/here) <https://example.org/x>") == """
                <a href="/here">www.example.org</a> <a href="https://example.org/x">https://example.org/x</a>
                """)
        #expect(line("![www.example.org](/i.png)") == "<img src=\"/i.png\" alt=\"www.example.org\" />")
    }

    @Test func aLinkStartsAfterWhiteSpaceAnOpeningParenthesisOrAnEmphasisMark() {
        for mark in ["(", "*", "_", "~"] {
            #expect(
                line("\(mark)www.example.org") == "\(mark)<a href=\"http://www.example.org\">www.example.org</a>",
                "\(mark)")
        }
        #expect(
            line("*www.example.org* ~~https://example.org~~") == """
                <em><a href="http://www.example.org">www.example.org</a></em> <del><a href="https://example.org">https://example.org</a></del>
                """)
    }

    @Test func aLinkDoesNotStartInsideAWord() {
        #expect(
            line("awww.example.org x:https://example.org 한www.example.org")
                == "awww.example.org x:https://example.org 한www.example.org")
    }

    @Test func anEMailAddressTakesLettersDigitsAndDotPlusMinusUnderscoreBeforeTheAt() {
        #expect(
            line("first.last-2_x@example.org")
                == "<a href=\"mailto:first.last-2_x@example.org\">first.last-2_x@example.org</a>")
        #expect(line("a@b+c.example") == "a@b+c.example")
    }

    @Test func anEMailAddressEndingInADotLeavesTheDotOut() {
        #expect(line("mail kim@example.org.") == "mail <a href=\"mailto:kim@example.org\">kim@example.org</a>.")
    }

    @Test func anEMailAddressEndingInAHyphenOrUnderscoreIsNoLink() {
        #expect(line("kim@example.org- kim@example.org_") == "kim@example.org- kim@example.org_")
    }

    @Test func anEMailAddressNeedsADotAfterTheAt() {
        #expect(line("kim@localhost and @example.org") == "kim@localhost and @example.org")
    }

    @Test func switchedOffBareAddressesAreTextAsInCmark() {
        let markdown = "www.example.org https://example.org kim@example.org\n"
        #expect(markdownHTML(markdown, without: .autolinks) == cmarkHTML(markdown))
        #expect(cmarkHTML(markdown) == "<p>www.example.org https://example.org kim@example.org</p>\n")
    }
}
