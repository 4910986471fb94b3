import SitegenCore
import Testing

@Suite("Mustache syntax errors")
struct MustacheSyntaxErrorTests {
    /// The error expected at a 1-based line and column.
    private func at(_ line: Int, _ column: Int, _ message: String) -> TemplateSyntaxError {
        TemplateSyntaxError(line: line, column: column, message)
    }

    @Test("an unclosed section is reported at its opening tag")
    func unclosedSection() {
        let source = "<ul>\n  {{#posts}}\n  <li>{{title}}</li>\n</ul>\n"
        #expect(mustacheSyntaxError(source) == at(2, 3, "unclosed section \"posts\""))
    }

    @Test("an unclosed inverted section is reported like a section")
    func unclosedInverted() {
        #expect(mustacheSyntaxError("{{^empty}}none") == at(1, 1, "unclosed section \"empty\""))
    }

    @Test("the innermost unclosed section is the one reported")
    func innermostUnclosed() {
        #expect(mustacheSyntaxError("{{#a}}\n {{#b}}\n") == at(2, 2, "unclosed section \"b\""))
    }

    @Test("unclosed parents and blocks name their kind")
    func unclosedParentAndBlock() {
        #expect(mustacheSyntaxError("{{<layout}}") == at(1, 1, "unclosed parent \"layout\""))
        #expect(mustacheSyntaxError("x{{$title}}") == at(1, 2, "unclosed block \"title\""))
    }

    @Test("a closing tag for another section is reported at the closing tag")
    func mismatchedClose() {
        let source = "{{#posts}}\n  {{title}}{{/post}}\n"
        #expect(mustacheSyntaxError(source) == at(2, 12, "section \"posts\" closed by \"post\""))
    }

    @Test("a closing tag without an opening tag is reported at the closing tag")
    func closeWithoutOpen() {
        #expect(mustacheSyntaxError("a\nb {{/posts}}") == at(2, 3, "closing tag \"posts\" has no opening tag"))
    }

    @Test("a tag without its closing delimiter is reported at its start")
    func unclosedTag() {
        #expect(mustacheSyntaxError("<p>\n  {{title</p>\n") == at(2, 3, "unclosed tag"))
        #expect(mustacheSyntaxError("{{{raw}}") == at(1, 1, "unclosed tag"))
    }

    @Test("a tag with no name is reported at its start")
    func emptyName() {
        #expect(mustacheSyntaxError("x {{ }}") == at(1, 3, "empty tag name"))
        #expect(mustacheSyntaxError("{{#}}{{/}}") == at(1, 1, "empty tag name"))
        #expect(mustacheSyntaxError("{{> * }}") == at(1, 1, "empty tag name"))
    }

    @Test("a set-delimiter tag needs exactly two delimiters")
    func badSetDelimiters() {
        let message = "bad set-delimiter tag: expected two delimiters, like {{=<% %>=}}"
        #expect(mustacheSyntaxError("{{=<%=}}") == at(1, 1, message))
        #expect(mustacheSyntaxError("a\n {{=<% | %>=}}") == at(2, 2, message))
        #expect(mustacheSyntaxError("{{=}}") == at(1, 1, message))
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() {
        #expect(mustacheSyntaxError("héllo 👋🏽 {{#x}}") == at(1, 9, "unclosed section \"x\""))
    }

    @Test("lines count multi-line comments and CRLF line breaks")
    func linesAfterCommentsAndCRLF() {
        let source = "{{!\n\n}}\r\n  {{/x}}"
        #expect(mustacheSyntaxError(source) == at(4, 3, "closing tag \"x\" has no opening tag"))
    }

    @Test("errors after new delimiters use the same rules")
    func errorsWithCustomDelimiters() {
        #expect(mustacheSyntaxError("{{=<% %>=}}\n<%#a%><%/b%>") == at(2, 7, "section \"a\" closed by \"b\""))
    }

    @Test("a syntax error becomes a diagnostic at the file's path")
    func diagnostic() {
        let error = at(3, 5, "unclosed tag")
        #expect(
            error.diagnostic(in: "templates/post.mustache").description
                == "templates/post.mustache:3:5: error: unclosed tag")
    }
}
