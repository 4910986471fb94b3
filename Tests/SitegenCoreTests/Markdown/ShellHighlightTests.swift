import Testing

@testable import SitegenCore

@Suite("Code highlighting: shell") struct ShellHighlightTests {
    @Test func aHashStartsACommentOnlyAtTheStartOfAWord() {
        #expect(marked("echo a#b \"c\"#d # note", "sh") == "echo a#b «string:\"c\"»#d «comment:# note»")
    }

    @Test func aShebangOnTheFirstLineIsMeta() {
        #expect(marked("#!/bin/sh\n# comment", "sh") == "«meta:#!/bin/sh»\n«comment:# comment»")
    }

    @Test func singleQuotesKeepDollarSignsAsText() {
        #expect(marked("echo '$HOME \"x\" $(y)'", "sh") == "echo «string:'$HOME \"x\" $(y)'»")
    }

    @Test func doubleQuotesHighlightTheParametersInsideThem() {
        #expect(
            marked("echo \"$HOME and ${name:-none} and $1$@\"", "sh")
                == "echo «string:\"»«variable:$HOME»«string: and »«variable:${name:-none}»«string: and »«variable:$1$@»«string:\"»"
        )
    }

    @Test func commandSubstitutionInsideDoubleQuotesIsCodeWithItsOwnQuotes() {
        #expect(
            marked("echo \"now $(date \"+%s\") in `pwd`\"", "sh")
                == "echo «string:\"now »«punct:$(»date «string:\"+%s\"»«punct:)»«string: in »«punct:`»pwd«punct:`»«string:\"»"
        )
    }

    @Test func reservedWordsCountOnlyWhereACommandStarts() {
        #expect(
            marked("if true; then echo if done; fi", "sh")
                == "«keyword:if» true; «keyword:then» echo if done; «keyword:fi»")
    }

    @Test func inIsAKeywordAfterForAndCase() {
        #expect(
            marked("for f in *.md; do cat \"$f\"; done", "sh")
                == "«keyword:for» f «keyword:in» *.md; «keyword:do» cat «string:\"»«variable:$f»«string:\"»; «keyword:done»"
        )
        #expect(
            marked("case $x in\n  a) echo in;;\nesac", "sh")
                == "«keyword:case» «variable:$x» «keyword:in»\n  a) echo in;;\n«keyword:esac»")
    }

    @Test func anAssignmentBeforeACommandNamesAVariable() {
        #expect(marked("LANG=C sort file", "sh") == "«variable:LANG»=C sort file")
        #expect(marked("make PREFIX=/usr", "sh") == "make PREFIX=/usr")
    }

    @Test func aHereDocumentsBodyIsAStringUpToItsDelimiterLine() {
        let code = "cat <<'EOF' > out\nline $x\nEOF\necho done"
        #expect(marked(code, "sh") == "cat <<«meta:'EOF'» > out\n«string:line $x\n»«meta:EOF»\necho done")
    }

    @Test func aDashedHereDocumentsDelimiterMayBeIndentedWithTabs() {
        let code = "cat <<-END\n\tbody\n\tEND\nls"
        #expect(marked(code, "sh") == "cat <<-«meta:END»\n«string:\tbody\n»\t«meta:END»\nls")
    }

    @Test func aHereStringIsNotAHereDocument() {
        #expect(marked("cat <<< \"x\"\nls", "sh") == "cat <<< «string:\"x\"»\nls")
    }

    @Test func escapedQuotesAndHashesAreText() {
        #expect(marked("echo \\\" \\# \\$x", "sh") == "echo \\\" \\# \\$x")
    }

    @Test func anUnterminatedQuoteRunsToTheEnd() {
        #expect(marked("echo \"open\nls", "sh") == "echo «string:\"open\nls»")
        #expect(marked("echo 'open\nls", "sh") == "echo «string:'open\nls»")
    }
}
