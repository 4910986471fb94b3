import Testing

@testable import SitegenCore

@Suite("Code highlighting: JSON") struct JSONHighlightTests {
    @Test func keysAreAttributesAndStringValuesStrings() {
        #expect(
            marked(#"{"name": "sitegen", "tags": ["a"]}"#, "json")
                == #"{«attr:"name"»: «string:"sitegen"», «attr:"tags"»: [«string:"a"»]}"#)
    }

    @Test func aKeyMayHaveItsColonAfterALineBreak() {
        #expect(marked("{\"a\"\n  : 1}", "json") == "{«attr:\"a\"»\n  : «number:1»}")
    }

    @Test func numbersAndLiteralsAreMarked() {
        #expect(
            marked("[-1.5e3, 0, true, false, null, nope]", "json")
                == "[«number:-1.5e3», «number:0», «keyword:true», «keyword:false», «keyword:null», nope]")
    }

    @Test func escapedQuotesStayInsideTheString() {
        #expect(marked(#"{"a\"b": "c\\"}"#, "json") == #"{«attr:"a\"b"»: «string:"c\\"»}"#)
    }

    @Test func anUnterminatedStringEndsWithItsLine() {
        #expect(marked("[\"open\n, 1]", "json") == "[«string:\"open»\n, «number:1»]")
    }

    @Test func commentsAreMarkedThoughJSONHasNone() {
        #expect(marked("{ // a\n /* b */ }", "json") == "{ «comment:// a»\n «comment:/* b */» }")
    }
}
