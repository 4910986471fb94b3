import Testing

@testable import SitegenCore

@Suite("Code highlighting: CSS") struct CSSHighlightTests {
    @Test func selectorsPropertiesAndValuesAreMarked() {
        #expect(
            marked("main .card > h2, #top { margin: 0 auto -1.5em; color: #c2410c; }", "css")
                == "«tag:main» «type:.card» > «tag:h2», «type:#top» { «attr:margin»: «number:0» auto «number:-1.5em»; «attr:color»: «number:#c2410c»; }"
        )
    }

    @Test func pseudoClassesAndAttributeSelectors() {
        // Neighbouring pseudo-classes share one keyword span.
        #expect(
            marked("a:hover::after, input[type=\"text\"] {}", "css")
                == "«tag:a»«keyword::hover::after», «tag:input»[«attr:type»=«string:\"text\"»] {}")
    }

    @Test func atRulesAndTheirFeatures() {
        #expect(
            marked("@media (max-width: 40em) { p { width: 100% } }", "css")
                == "«keyword:@media» («attr:max-width»: «number:40em») { «tag:p» { «attr:width»: «number:100%» } }")
    }

    @Test func aNestedRuleIsASelectorAndItsNeighboursDeclarations() {
        #expect(
            marked(".a { color: red; &:hover { color: blue } }", "css")
                == "«type:.a» { «attr:color»: red; &«keyword::hover» { «attr:color»: blue } }")
    }

    @Test func bareDeclarationsReadAsDeclarations() {
        #expect(
            marked("color: red;\nfont-size: 2rem;", "css") == "«attr:color»: red;\n«attr:font-size»: «number:2rem»;")
    }

    @Test func commentMarkersInStringsAndSemicolonsInCommentsDoNotCount() {
        #expect(
            marked("p { content: \"/* no; */\"; /* a { b; */ top: 1px }", "css")
                == "«tag:p» { «attr:content»: «string:\"/* no; */\"»; «comment:/* a { b; */» «attr:top»: «number:1px» }"
        )
    }

    @Test func urlsCustomPropertiesAndImportant() {
        #expect(
            marked("b { --gap: 4px; margin: var(--gap) !important; background: url( a.png ) }", "css")
                == "«tag:b» { «attr:--gap»: «number:4px»; «attr:margin»: var(«variable:--gap») «keyword:!important»; «attr:background»: url( «string:a.png» ) }"
        )
    }

    @Test func anUnterminatedCommentRunsToTheEndAndAStringToItsLine() {
        #expect(marked("a { /* open\nb: c }", "css") == "«tag:a» { «comment:/* open\nb: c }»")
        #expect(marked("a { content: \"open\n}", "css") == "«tag:a» { «attr:content»: «string:\"open»\n}")
    }
}
