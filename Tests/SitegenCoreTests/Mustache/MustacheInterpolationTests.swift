import SitegenCore
import Testing

@Suite("Mustache interpolation")
struct MustacheInterpolationTests {
    @Test("double-mustache tags escape & < > \" and '")
    func escapesHTML() throws {
        let output = try renderMustache("<p title=\"{{tip}}\">{{tip}}</p>", ["tip": "Tom & Jerry's \"<show>\""])
        let escaped = "Tom &amp; Jerry&#39;s &quot;&lt;show&gt;&quot;"
        #expect(output == "<p title=\"\(escaped)\">\(escaped)</p>")
    }

    @Test("escaping finds each special character wherever it falls in a long value, beside multi-byte text")
    func escapesAtEveryOffset() throws {
        let specials: [(Character, String)] = [
            ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"),
        ]
        // Bytes that differ from a special one by one bit, so a word-at-a-time test must not take them for it.
        let near = "$%.;=?`~6&"
        for filler in ["abcdefghijklmnopqrstu", "한글 본문이에요 다음 줄", String(near.dropLast())] {
            for (special, entity) in specials {
                for offset in 0...filler.count {
                    var value = filler
                    value.insert(special, at: value.index(value.startIndex, offsetBy: offset))
                    let expected = String(value.prefix(offset)) + entity + String(value.dropFirst(offset + 1))
                    #expect(try renderMustache("{{v}}", ["v": .string(value)]) == expected)
                }
            }
            #expect(try renderMustache("{{v}}", ["v": .string(filler)]) == filler)
        }
        #expect(
            try renderMustache("{{v}}", ["v": "&&<<>>\"\"''&&<<>>\"\"''"])
                == String(repeating: "&amp;&amp;&lt;&lt;&gt;&gt;&quot;&quot;&#39;&#39;", count: 2))
    }

    @Test("triple-mustache tags write the value as is")
    func tripleMustacheIsRaw() throws {
        #expect(try renderMustache("{{{body}}}", ["body": "<em>hi</em> & bye"]) == "<em>hi</em> & bye")
    }

    @Test("ampersand tags write the value as is")
    func ampersandIsRaw() throws {
        #expect(try renderMustache("{{& body }}", ["body": "<b>'x'</b>"]) == "<b>'x'</b>")
    }

    @Test("text outside tags is copied unchanged, braces included")
    func plainText() throws {
        #expect(try renderMustache("function() { return {a: 1}; }\n") == "function() { return {a: 1}; }\n")
    }

    @Test("whitespace inside a tag around the name is ignored")
    func paddedNames() throws {
        #expect(try renderMustache("[{{  name\t}}|{{{ name }}}]", ["name": "Ada"]) == "[Ada|Ada]")
    }

    @Test("a missing name renders as nothing")
    func missingName() throws {
        #expect(try renderMustache("<{{nothing}}><{{{nothing}}}>") == "<><>")
    }

    @Test("rendered values are not parsed again as template text")
    func noReinterpolation() throws {
        #expect(try renderMustache("{{code}}", ["code": "{{secret}}", "secret": "leak"]) == "{{secret}}")
    }

    @Test("a dotted name follows nested objects")
    func dottedNames() throws {
        let context: TemplateValue = ["post": ["author": ["name": "Grace"]]]
        #expect(try renderMustache("by {{post.author.name}}", context) == "by Grace")
    }

    @Test("only the first part of a dotted name is looked up through the context stack")
    func dottedNamesStayInsideTheirObject() throws {
        let context: TemplateValue = ["post": ["meta": [:]], "meta": ["lang": "fr"]]
        #expect(try renderMustache("{{#post}}[{{meta.lang}}]{{/post}}", context) == "[]")
    }

    @Test("the first part of a dotted name is found in an outer context")
    func dottedNameFirstPartFromOuterContext() throws {
        let context: TemplateValue = ["site": ["name": "Notes"], "posts": [["title": "One"]]]
        #expect(try renderMustache("{{#posts}}{{title}} @ {{site.name}}{{/posts}}", context) == "One @ Notes")
    }

    @Test("a dotted name that breaks midway renders as nothing")
    func brokenDottedName() throws {
        #expect(try renderMustache("[{{post.author.name}}]", ["post": ["title": "x"]]) == "[]")
        #expect(try renderMustache("[{{title.length}}]", ["title": "x"]) == "[]")
    }

    @Test("a key containing a dot is never matched whole")
    func dotsAlwaysSplit() throws {
        #expect(try renderMustache("[{{a.b}}]", ["a.b": "whole"]) == "[]")
    }

    @Test("names are looked up from the innermost context outwards")
    func contextStack() throws {
        let context: TemplateValue = ["label": "outer", "site": "S", "item": ["label": "inner"]]
        #expect(
            try renderMustache("{{label}} {{#item}}{{label}} {{site}}{{/item}} {{label}}", context)
                == "outer inner S outer")
    }

    @Test("a dot stands for the value on top of the context stack")
    func implicitIterator() throws {
        #expect(try renderMustache("Hi {{.}}!", "Linus") == "Hi Linus!")
        #expect(try renderMustache("{{#tags}}<{{.}}>{{/tags}}", ["tags": ["a&b", "c"]]) == "<a&amp;b><c>")
    }

    @Test("a context stack can be given whole, its last value looked up first")
    func explicitContextStack() throws {
        let template = try MustacheTemplate(parsing: "{{title}} – {{site.title}}", name: "page")
        let stack: [TemplateValue] = [["site": ["title": "Blog"], "title": "fallback"], ["title": "Post"]]
        #expect(try template.render(contextStack: stack) == "Post – Blog")
    }
}
