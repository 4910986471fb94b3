import Testing

@testable import SitegenCore

@Suite("Strikethrough") struct StrikethroughTests {
    @Test func twoTildesOnEachSideStrike() {
        #expect(markdownHTML("Price ~~40000~~ 33000 won\n") == "<p>Price <del>40000</del> 33000 won</p>\n")
    }

    @Test func oneTildeOnEachSideStrikesToo() {
        #expect(markdownHTML("the ~old~ way\n") == "<p>the <del>old</del> way</p>\n")
    }

    @Test func threeOrMoreTildesAreText() {
        #expect(markdownHTML("a ~~~b~~~ and ~~~~c~~~~\n") == "<p>a ~~~b~~~ and ~~~~c~~~~</p>\n")
    }

    @Test func anOpenerOnlyPairsWithACloserOfItsLength() {
        #expect(markdownHTML("~one and ~~two\n") == "<p>~one and ~~two</p>\n")
        #expect(markdownHTML("half ~open~~ closed\n") == "<p>half ~open~~ closed</p>\n")
    }

    @Test func tildesBeforeWhiteSpaceDoNotOpenAndAfterWhiteSpaceDoNotClose() {
        #expect(markdownHTML("5 ~~ 3 ~~ 2\n") == "<p>5 ~~ 3 ~~ 2</p>\n")
        #expect(markdownHTML("~~kept ~~ gone~~\n") == "<p><del>kept ~~ gone</del></p>\n")
    }

    @Test func inTheMiddleOfAWordTildesStrikeAsLongAsTheyFlank() {
        #expect(markdownHTML("un~~believ~~able\n") == "<p>un<del>believ</del>able</p>\n")
    }

    @Test func punctuationNextToTheTildesIsFine() {
        #expect(
            markdownHTML("(~~maybe~~) \"~~never~~\".\n") == "<p>(<del>maybe</del>) &quot;<del>never</del>&quot;.</p>\n")
    }

    @Test func strikethroughNestsInsideAndAroundEmphasis() {
        #expect(markdownHTML("~~*both*~~\n") == "<p><del><em>both</em></del></p>\n")
        #expect(markdownHTML("*a ~~b~~ c*\n") == "<p><em>a <del>b</del> c</em></p>\n")
        #expect(
            markdownHTML("**~~x~~** ~~**y**~~\n")
                == "<p><strong><del>x</del></strong> <del><strong>y</strong></del></p>\n")
    }

    @Test func strikethroughNestsInsideItself() {
        #expect(markdownHTML("~~out ~in~ out~~\n") == "<p><del>out <del>in</del> out</del></p>\n")
    }

    @Test func linksCanBeStruckAndHoldStrikethrough() {
        #expect(
            markdownHTML("~~[old](/o)~~ [~~new~~](/n)\n")
                == "<p><del><a href=\"/o\">old</a></del> <a href=\"/n\"><del>new</del></a></p>\n")
    }

    @Test func codeSpansAreNotStruck() {
        #expect(markdownHTML("`~~x~~` ~~`y`~~\n") == "<p><code>~~x~~</code> <del><code>y</code></del></p>\n")
    }

    @Test func aStrikethroughDoesNotReachIntoTheNextParagraph() {
        #expect(markdownHTML("from ~~here\n\nto there~~\n") == "<p>from ~~here</p>\n<p>to there~~</p>\n")
    }

    @Test func headingsCanHoldStrikethrough() {
        #expect(markdownHTML("## ~~Draft~~ Final\n", without: .headingAnchors) == "<h2><del>Draft</del> Final</h2>\n")
    }

    @Test func switchedOffTildesAreTextAsInCmark() {
        let markdown = "~~gone~~ and ~kept~\n"
        #expect(markdownHTML(markdown, without: .strikethrough) == cmarkHTML(markdown))
        #expect(cmarkHTML(markdown) == "<p>~~gone~~ and ~kept~</p>\n")
    }
}
