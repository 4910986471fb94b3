import SitegenCore
import Testing

@Suite("Mustache partials")
struct MustachePartialTests {
    @Test("a partial renders in the current context")
    func partialUsesCurrentContext() throws {
        let output = try renderMustache(
            "{{#author}}{{> card}}{{/author}}", ["author": ["name": "Ada"]], partials: ["card": "<b>{{name}}</b>"]
        )
        #expect(output == "<b>Ada</b>")
    }

    @Test("a missing partial renders as nothing")
    func missingPartial() throws {
        #expect(try renderMustache("[{{> nowhere}}]") == "[]")
    }

    @Test("an inline partial is not indented")
    func inlinePartial() throws {
        #expect(try renderMustache("  x {{>two}}\n", partials: ["two": "1\n2"]) == "  x 1\n2\n")
    }

    @Test("a standalone partial's indentation is added to every line of the partial")
    func standalonePartialIndentation() throws {
        let output = try renderMustache("<nav>\n    {{> links}}\n</nav>\n", partials: ["links": "<a>1</a>\n<a>2</a>\n"])
        #expect(output == "<nav>\n    <a>1</a>\n    <a>2</a>\n</nav>\n")
    }

    @Test("partial indentation is not added inside multi-line values")
    func indentationSkipsValues() throws {
        let output = try renderMustache(
            "  {{> pre}}\n", ["code": "a\nb"], partials: ["pre": "<pre>\n{{{code}}}\n</pre>\n"])
        #expect(output == "  <pre>\n  a\nb\n  </pre>\n")
    }

    @Test("partial indentation adds up through nested standalone partials")
    func nestedPartialIndentation() throws {
        let output = try renderMustache(
            "  {{> outer}}\n", partials: ["outer": "o\n  {{> inner}}\n", "inner": "i1\ni2\n"]
        )
        #expect(output == "  o\n    i1\n    i2\n")
    }

    @Test("partial indentation reaches lines inside the partial's sections")
    func indentationInsideSections() throws {
        let output = try renderMustache(
            "\t{{> list}}\n", ["items": ["a", "b"]], partials: ["list": "{{#items}}\n- {{.}}\n{{/items}}\n"]
        )
        #expect(output == "\t- a\n\t- b\n")
    }

    @Test("a partial can include itself to walk a tree")
    func recursivePartial() throws {
        let tree: TemplateValue = [
            "name": "root", "children": [["name": "a", "children": []], ["name": "b", "children": []]],
        ]
        let output = try renderMustache(
            "{{> node}}", tree, partials: ["node": "{{name}}({{#children}}{{> node}}{{/children}})"])
        #expect(output == "root(a()b())")
    }

    @Test("a partial that includes itself without end fails instead of crashing")
    func runawayRecursion() throws {
        let template = try MustacheTemplate(parsing: "{{> loop}}", name: "page")
        let loop = try MustacheTemplate(parsing: "x{{> loop}}", name: "loop")
        #expect(throws: TemplateRenderError.self) {
            try template.render([:], partials: ["loop": loop])
        }
    }

    @Test("a dynamic partial takes its name from the context")
    func dynamicPartial() throws {
        let partials = ["video": "<video>{{src}}</video>", "image": "<img>{{src}}</img>"]
        let context: TemplateValue = [
            "blocks": [["kind": "image", "src": "a.png"], ["kind": "video", "src": "b.mp4"]]
        ]
        let output = try renderMustache("{{#blocks}}{{>*kind}}{{/blocks}}", context, partials: partials)
        #expect(output == "<img>a.png</img><video>b.mp4</video>")
    }

    @Test("a dynamic partial whose name is missing renders as nothing")
    func dynamicPartialMissingName() throws {
        #expect(try renderMustache("[{{> *kind}}]", [:], partials: ["kind": "wrong"]) == "[]")
    }

    @Test("a standalone dynamic partial is indented like any partial")
    func dynamicPartialIndentation() throws {
        let output = try renderMustache(" {{>*which}}\n", ["which": "p"], partials: ["p": "1\n2\n"])
        #expect(output == " 1\n 2\n")
    }
}

@Suite("Mustache templates outliving what made them")
struct MustacheTemplateLifetimeTests {
    /// Templates parsed in a function that returns only copies: nothing else holds the originals.
    private static func parsed() throws -> (page: MustacheTemplate, partials: [String: MustacheTemplate]) {
        let page = try MustacheTemplate(
            parsing: "{{#items}}{{> item}}{{/items}}{{^items}}none{{/items}}|{{> item}}", name: "page-of-items")
        let item = try MustacheTemplate(
            parsing: "<{{#name}}{{name}}{{/name}}{{^name}}?{{/name}}{{#tags}}#{{.}}{{/tags}}>",
            name: "partials/an-item-with-a-long-name")
        return (page, ["partials/an-item-with-a-long-name": item, "item": item])
    }

    @Test("copies of templates render their sections and partials after the originals are gone, on many threads")
    func copiesRenderAlone() async throws {
        let (page, partials) = try Self.parsed()
        let context: TemplateValue = ["items": [["name": "a", "tags": ["x", "y"]], ["tags": []]]]
        let rendered = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<8 {
                group.addTask { try? page.render(context, partials: partials) }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(rendered.allSatisfy { $0 == "<a#x#y><?>|<?>" })
        #expect(try page.render(["items": []], partials: partials) == "none|<?>")
    }
}

extension MustacheTemplateLifetimeTests {
    @Test("a partial is found by the name a tag gives, whatever name its template was parsed with")
    func partialsAreFoundByTheKeyTheyAreGivenUnder() throws {
        let card = try MustacheTemplate(parsing: "[card]", name: "shown-as-x")
        let other = try MustacheTemplate(parsing: "[x]", name: "card")
        let page = try MustacheTemplate(parsing: "{{>card}}{{>*which}}{{>card}}", name: "page")
        #expect(
            try page.render(["which": "shown-as-x"], partials: ["card": card, "shown-as-x": other]) == "[card][x][card]"
        )
    }
}
