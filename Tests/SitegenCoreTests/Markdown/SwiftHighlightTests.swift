import Testing

@testable import SitegenCore

@Suite("Code highlighting: Swift") struct SwiftHighlightTests {
    @Test func keywordsCapitalisedTypesAndNumbersAreMarked() {
        #expect(
            marked("let total: Int = 0x1F + 2.5e-3", "swift")
                == "«keyword:let» total: «type:Int» = «number:0x1F» + «number:2.5e-3»")
    }

    @Test func interpolationNestsStringsThatInterpolateAgain() {
        #expect(
            marked(#""a \(b("c \(d)")) e""#, "swift")
                == #"«string:"a »«punct:\(»b(«string:"c »«punct:\(»d«punct:)»«string:"»)«punct:)»«string: e"»"#)
    }

    @Test func anInterpolationClosesAtItsOwnParenthesisNotAnInnerOne() {
        #expect(marked(#""\(f(x) + (y)) z""#, "swift") == #"«string:"»«punct:\(»f(x) + (y)«punct:)»«string: z"»"#)
    }

    @Test func aMultilineStringSpansLinesAndHoldsQuotes() {
        let code = "let s = \"\"\"\n    one \"two\" \"\"\n    \\(three)\n    \"\"\"\nlet t = 1"
        #expect(
            marked(code, "swift")
                == "«keyword:let» s = «string:\"\"\"\n    one \"two\" \"\"\n    »«punct:\\(»three«punct:)»«string:\n    \"\"\"»\n«keyword:let» t = «number:1»"
        )
    }

    @Test func aRawStringReadsOnlyItsHashedInterpolation() {
        #expect(
            marked(##"#"a \(b) \#(c) "d" "#"##, "swift")
                == ##"«string:#"a \(b) »«punct:\#(»c«punct:)»«string: "d" "#»"##)
    }

    @Test func aRawMultilineStringClosesOnlyWithItsHashes() {
        let code = "##\"\"\"\n\"\"\"# still\n\"\"\"##."
        #expect(marked(code, "swift") == "«string:##\"\"\"\n\"\"\"# still\n\"\"\"##».")
    }

    @Test func blockCommentsNestAndCloseAtTheOutermostEnd() {
        #expect(marked("/* a /* b */ c */ d", "swift") == "«comment:/* a /* b */ c */» d")
    }

    @Test func commentMarkersInsideStringsAreText() {
        #expect(marked(#"f("// no", "/* no */")"#, "swift") == #"f(«string:"// no"», «string:"/* no */"»)"#)
    }

    @Test func stringsInsideCommentsAreComment() {
        #expect(marked("// \"a\" \\(b)\n/* \"c */ d", "swift") == "«comment:// \"a\" \\(b)»\n«comment:/* \"c */» d")
    }

    @Test func attributesAndDirectivesAreMeta() {
        #expect(
            marked("@MainActor func f() {}\n#if os(Linux)\n#endif", "swift")
                == "«meta:@MainActor» «keyword:func» f() {}\n«meta:#if» os(«type:Linux»)\n«meta:#endif»")
    }

    @Test func aKeywordAfterADotIsAMemberNameButInitIsNot() {
        #expect(marked("x.default; .init(); y.self", "swift") == "x.default; .«keyword:init»(); y.«keyword:self»")
    }

    @Test func aBacktickQuotedNameIsNotAKeyword() {
        #expect(marked("let `class` = 1", "swift") == "«keyword:let» `class` = «number:1»")
    }

    @Test func anUnterminatedStringEndsWithItsLine() {
        #expect(
            marked("let a = \"open\nlet b = 2", "swift")
                == "«keyword:let» a = «string:\"open»\n«keyword:let» b = «number:2»")
    }

    @Test func anUnterminatedMultilineStringOrCommentRunsToTheEnd() {
        #expect(marked("\"\"\"\nlet a\n", "swift") == "«string:\"\"\"\nlet a\n»")
        #expect(marked("/* /* */ let a", "swift") == "«comment:/* /* */ let a»")
    }

    @Test func anEscapedQuoteDoesNotCloseAString() {
        #expect(marked(#""a\"b" c"#, "swift") == #"«string:"a\"b"» c"#)
    }
}
