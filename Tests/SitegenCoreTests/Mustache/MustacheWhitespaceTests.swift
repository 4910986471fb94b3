import SitegenCore
import Testing

@Suite("Mustache comments and standalone lines")
struct MustacheWhitespaceTests {
    @Test("comments render as nothing, whatever they contain")
    func comments() throws {
        #expect(try renderMustache("a{{! note: {title} & <b>, # ^ / }}b", ["title": "T"]) == "ab")
    }

    @Test("comments may span several lines")
    func multilineComment() throws {
        #expect(try renderMustache("<p>{{!\n  TODO:\n  fix this\n}}</p>") == "<p></p>")
    }

    @Test("an inline comment keeps the whitespace around it")
    func inlineCommentKeepsWhitespace() throws {
        #expect(try renderMustache("one {{! x }} two\n") == "one  two\n")
    }

    @Test("a comment alone on its line removes the whole line")
    func standaloneComment() throws {
        #expect(try renderMustache("<ul>\n    {{! the list }}\n</ul>\n") == "<ul>\n</ul>\n")
    }

    @Test("a multi-line comment alone on its lines removes all of them")
    func standaloneMultilineComment() throws {
        #expect(try renderMustache("start\n  {{!\n  long\n  note\n  }}  \nend\n") == "start\nend\n")
    }

    @Test("section and closing tags alone on their lines remove those lines")
    func standaloneSectionTags() throws {
        let template = "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n"
        #expect(try renderMustache(template, ["items": ["a", "b"]]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test("inverted section tags alone on their lines remove those lines")
    func standaloneInvertedTags() throws {
        let template = "<p>\n\t{{^items}}\n  none\n\t{{/items}}\n</p>\n"
        #expect(try renderMustache(template, ["items": []]) == "<p>\n  none\n</p>\n")
    }

    @Test("a set-delimiter tag alone on its line removes the line")
    func standaloneDelimiterTag() throws {
        #expect(try renderMustache("a\n  {{=[[ ]]=}}\n[[x]]\n", ["x": "b"]) == "a\nb\n")
    }

    @Test("variable tags are never standalone")
    func variablesKeepTheirLine() throws {
        #expect(try renderMustache("a\n  {{empty}}\nb\n", ["empty": ""]) == "a\n  \nb\n")
    }

    @Test("a tag sharing its line with text is not standalone")
    func tagWithTextIsInline() throws {
        #expect(try renderMustache(" <b>{{#on}}x{{/on}}</b>\n", ["on": true]) == " <b>x</b>\n")
    }

    @Test("two tags on one line are not standalone")
    func twoSectionTagsOnALine() throws {
        #expect(try renderMustache("a\n{{#on}}{{/on}}\nb", ["on": true]) == "a\n\nb")
    }

    @Test("standalone lines ending in CRLF are removed with their CRLF")
    func crlfStandalone() throws {
        #expect(try renderMustache("a\r\n{{#on}}\r\nb\r\n{{/on}}\r\nc", ["on": true]) == "a\r\nb\r\nc")
    }

    @Test("a standalone tag on the first line needs no line before it")
    func standaloneAtStartOfFile() throws {
        #expect(try renderMustache("  {{! header }}\nbody") == "body")
    }

    @Test("a standalone tag on the last line needs no line break after it")
    func standaloneAtEndOfFile() throws {
        #expect(try renderMustache("{{#on}}\nbody\n  {{/on}}", ["on": true]) == "body\n")
    }

    @Test("new delimiters replace {{ }} for the rest of the template")
    func setDelimiters() throws {
        let output = try renderMustache(
            "{{title}} {{=<% %>=}}<% title %> {{title}} <%={{ }}=%>{{title}}", ["title": "T"])
        #expect(output == "T T {{title}} T")
    }

    @Test("new delimiters apply to every kind of tag, including triple mustache")
    func setDelimitersForAllTags() throws {
        let template = "{{=| |=}}|#list||.| |/list||{raw}||! note |"
        #expect(try renderMustache(template, ["list": [1, 2], "raw": "<b>"]) == "1 2 <b>")
    }

    @Test("new delimiters do not leak into partials")
    func delimitersDoNotReachPartials() throws {
        let output = try renderMustache("{{=<% %>=}}<%> card%>", ["name": "Ada"], partials: ["card": "[{{name}}]"])
        #expect(output == "[Ada]")
    }
}
