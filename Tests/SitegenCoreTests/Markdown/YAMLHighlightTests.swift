import Testing

@testable import SitegenCore

@Suite("Code highlighting: YAML") struct YAMLHighlightTests {
    @Test func keysAreAttributesAndPlainValuesAreTypedByTheirText() {
        #expect(
            marked("title: My site\ncount: 12\ndraft: false\nnothing: ~", "yaml")
                == "«attr:title»: «string:My site»\n«attr:count»: «number:12»\n«attr:draft»: «keyword:false»\n«attr:nothing»: «keyword:~»"
        )
    }

    @Test func quotedScalarsAreKeysBeforeAColonAndStringsElsewhere() {
        #expect(marked(#""a key": 'it''s'"#, "yaml") == #"«attr:"a key"»: «string:'it''s'»"#)
    }

    @Test func aColonWithoutABlankAfterItIsPartOfTheValue() {
        #expect(
            marked("url: http://example.org:8080/a\nat: 12:30", "yaml")
                == "«attr:url»: «string:http://example.org:8080/a»\n«attr:at»: «string:12:30»")
    }

    @Test func aHashStartsACommentOnlyAfterABlank() {
        #expect(
            marked("tag: c#sharp # the language", "yaml") == "«attr:tag»: «string:c#sharp» «comment:# the language»")
    }

    @Test func sequenceItemsAndFlowCollectionsHoldScalarsAndKeys() {
        #expect(
            marked("- one\n- {a: 1, b: [x, 2]}", "yaml")
                == "- «string:one»\n- {«attr:a»: «number:1», «attr:b»: [«string:x», «number:2»]}")
    }

    @Test func aBlockScalarsLinesAreStringUntilTheIndentationReturns() {
        let code = "text: |\n  key: not a key\n\n  # not a comment\nnext: 1"
        #expect(
            marked(code, "yaml")
                == "«attr:text»: «meta:|»\n  «string:key: not a key»\n\n  «string:# not a comment»\n«attr:next»: «number:1»"
        )
    }

    @Test func aFoldedBlockScalarWithIndicatorsInASequence() {
        #expect(marked("- >-\n  folded\n- b", "yaml") == "- «meta:>-»\n  «string:folded»\n- «string:b»")
    }

    @Test func documentMarkersDirectivesTagsAnchorsAndAliases() {
        let code = "%YAML 1.2\n---\nbase: &b !!map\n  k: v\nuse: *b\n..."
        #expect(
            marked(code, "yaml")
                == "«meta:%YAML 1.2»\n«meta:---»\n«attr:base»: «variable:&b» «meta:!!map»\n  «attr:k»: «string:v»\n«attr:use»: «variable:*b»\n«meta:...»"
        )
    }

    @Test func anUnterminatedQuotedScalarRunsToTheEnd() {
        #expect(marked("a: \"open\nb: 1", "yaml") == "«attr:a»: «string:\"open\nb: 1»")
    }
}
