import Testing

@testable import SitegenCore

@Suite("Code highlighting: Python") struct PythonHighlightTests {
    @Test func keywordsBuiltinTypesAndNumbersAreMarked() {
        #expect(
            marked("def f(n: int) -> None:\n    return n * 1.5e3 + 0x1F if n else Point", "python")
                == "«keyword:def» f(n: «type:int») -> «keyword:None»:\n    «keyword:return» n * «number:1.5e3» + «number:0x1F» «keyword:if» n «keyword:else» «type:Point»"
        )
    }

    @Test func tripleQuotedStringsSpanLinesAndHoldQuotes() {
        #expect(marked("s = '''one 'two'\n\"three\"'''\nx", "python") == "s = «string:'''one 'two'\n\"three\"'''»\nx")
    }

    @Test func stringPrefixesBelongToTheirString() {
        #expect(
            marked(#"a = rb'\d' + R"x" + u'y'"#, "python") == #"a = «string:rb'\d'» + «string:R"x"» + «string:u'y'»"#)
    }

    @Test func fStringReplacementFieldsAreCodeAndDoubledBracesText() {
        #expect(
            marked(#"f"{{x}} {x + 1!r} end""#, "python")
                == #"«string:f"{{x}} »«punct:{»x + «number:1»!r«punct:}»«string: end"»"#)
    }

    @Test func fStringsNestQuotesAndFStringsInsideFields() {
        #expect(
            marked(#"f"{d["k"]} {f'{y}'}""#, "python")
                == #"«string:f"»«punct:{»d[«string:"k"»]«punct:}»«string: »«punct:{»«string:f'»«punct:{»y«punct:}»«string:'»«punct:}»«string:"»"#
        )
    }

    @Test func aHashInsideAStringIsTextAndOutsideAComment() {
        #expect(marked("x = '#no'  # yes 'quoted'", "python") == "x = «string:'#no'»  «comment:# yes 'quoted'»")
    }

    @Test func anAtSignIsADecoratorOnlyWhereAStatementStarts() {
        #expect(
            marked("@app.route('/')\ndef f(): return a @ b", "python")
                == "«meta:@app.route»(«string:'/'»)\n«keyword:def» f(): «keyword:return» a @ b")
    }

    @Test func softKeywordsCountOnlyWhereTheyStartAStatement() {
        #expect(
            marked("match cmd:\n    case [x]: pass\nmatch = re.match(p)", "python")
                == "«keyword:match» cmd:\n    «keyword:case» [x]: «keyword:pass»\nmatch = re.match(p)")
    }

    @Test func anUnterminatedTripleQuoteRunsToTheEndAndAStringToItsLine() {
        #expect(marked("\"\"\"open\nx", "python") == "«string:\"\"\"open\nx»")
        #expect(marked("'open\nx", "python") == "«string:'open»\nx")
    }
}
