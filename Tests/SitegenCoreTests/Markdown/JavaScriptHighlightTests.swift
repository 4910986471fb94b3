import Testing

@testable import SitegenCore

@Suite("Code highlighting: JavaScript") struct JavaScriptHighlightTests {
    @Test func keywordsCapitalisedNamesAndNumbersAreMarked() {
        #expect(
            marked("const m = new Map(); let n = 0x1f + 1_000n + .5;", "js")
                == "«keyword:const» m = «keyword:new» «type:Map»(); «keyword:let» n = «number:0x1f» + «number:1_000n» + «number:.5»;"
        )
    }

    @Test func templateInterpolationsNestTemplates() {
        #expect(
            marked("`a ${b + `c ${d}`} e`", "js")
                == "«string:`a »«punct:${»b + «string:`c »«punct:${»d«punct:}»«string:`»«punct:}»«string: e`»")
    }

    @Test func bracesInsideAnInterpolationDoNotCloseIt() {
        #expect(marked("`${ {a: 1}.a }!`", "js") == "«string:`»«punct:${» {a: «number:1»}.a «punct:}»«string:!`»")
    }

    @Test func aSlashStartsARegexWhereAValueIsExpectedAndDividesAfterOne() {
        #expect(
            marked("x = a / b / c; y = /a+/g.test(s); return /b/", "js")
                == "x = a / b / c; y = «string:/a+/g».test(s); «keyword:return» «string:/b/»")
    }

    @Test func aSlashInsideARegexCharacterClassDoesNotEndIt() {
        #expect(marked("r = /[/]x/i;", "js") == "r = «string:/[/]x/i»;")
    }

    @Test func commentMarkersInStringsAndStringsInCommentsAreNotRead() {
        #expect(
            marked("f('// no', \"/* no */\") // 'text'\n/* `x` */", "js")
                == "f(«string:'// no'», «string:\"/* no */\"») «comment:// 'text'»\n«comment:/* `x` */»")
    }

    @Test func aPropertyNamedLikeAKeywordIsAName() {
        #expect(marked("x.default = this.new", "js") == "x.default = «keyword:this».new")
    }

    @Test func decoratorsAndShebangsAreMeta() {
        #expect(
            marked("#!/usr/bin/env node\n@sealed class A {}", "js")
                == "«meta:#!/usr/bin/env node»\n«meta:@sealed» «keyword:class» «type:A» {}")
    }

    @Test func anUnterminatedTemplateRunsToTheEndAndAStringToItsLine() {
        #expect(marked("`open\nx", "js") == "«string:`open\nx»")
        #expect(marked("'open\nx", "js") == "«string:'open»\nx")
    }
}
