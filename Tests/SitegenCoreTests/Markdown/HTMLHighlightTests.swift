import Testing

@testable import SitegenCore

@Suite("Code highlighting: HTML") struct HTMLHighlightTests {
    @Test func tagNamesAttributeNamesAndValuesAreMarked() {
        #expect(
            marked(#"<a href="/x" class='y' hidden>Go</a>"#, "html")
                == #"<«tag:a» «attr:href»=«string:"/x"» «attr:class»=«string:'y'» «attr:hidden»>Go</«tag:a»>"#)
    }

    @Test func unquotedAndMultilineValuesAreStrings() {
        #expect(
            marked("<img src=a.png alt=\"two\nlines\"/>", "html")
                == "<«tag:img» «attr:src»=«string:a.png» «attr:alt»=«string:\"two\nlines\"»/>")
    }

    @Test func commentsAndDoctypesAreMarked() {
        #expect(
            marked("<!DOCTYPE html>\n<!-- <p>not a tag</p> -->", "html")
                == "«meta:<!DOCTYPE html>»\n«comment:<!-- <p>not a tag</p> -->»")
    }

    @Test func characterReferencesAreMetaAndABareAmpersandIsText() {
        #expect(
            marked("a &amp; b &#169; &#x1F600; & c &nope", "html")
                == "a «meta:&amp;» b «meta:&#169;» «meta:&#x1F600;» & c &nope")
    }

    @Test func aLessThanSignThatStartsNoTagIsText() {
        #expect(marked("1 < 2 <3", "html") == "1 < 2 <3")
    }

    @Test func scriptAndStyleContentStaysPlainUpToItsClosingTag() {
        #expect(
            marked("<script>if (a < b) x = \"</p>\"</SCRIPT>", "html")
                == "<«tag:script»>if (a < b) x = \"</p>\"</«tag:SCRIPT»>")
        #expect(marked("<style>p > a { }</style>", "html") == "<«tag:style»>p > a { }</«tag:style»>")
    }

    @Test func anUnterminatedCommentOrTagRunsToTheEnd() {
        #expect(marked("<!-- open\n<p>", "html") == "«comment:<!-- open\n<p>»")
        #expect(marked("<p class=\"open\n>x", "html") == "<«tag:p» «attr:class»=«string:\"open\n>x»")
    }
}
