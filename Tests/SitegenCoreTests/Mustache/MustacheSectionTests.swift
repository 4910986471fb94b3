import SitegenCore
import Testing

@Suite("Mustache sections")
struct MustacheSectionTests {
    @Test("a section over a list renders once per item, each item on top of the stack")
    func listSection() throws {
        let context: TemplateValue = ["posts": [["title": "A"], ["title": "B"], ["title": "C"]]]
        #expect(try renderMustache("{{#posts}}({{title}}){{/posts}}", context) == "(A)(B)(C)")
    }

    @Test("a section over an empty list renders nothing")
    func emptyListSection() throws {
        #expect(try renderMustache("[{{#posts}}x{{/posts}}]", ["posts": []]) == "[]")
    }

    @Test("a section over an object renders once with the object on the stack")
    func objectSection() throws {
        let context: TemplateValue = ["author": ["name": "Ada", "site": "ada.dev"]]
        #expect(try renderMustache("{{#author}}{{name}} ({{site}}){{/author}}", context) == "Ada (ada.dev)")
    }

    @Test("a section over a truthy scalar renders once and can show it with a dot")
    func truthyScalarSection() throws {
        #expect(try renderMustache("{{#featured}}★{{/featured}}", ["featured": true]) == "★")
        #expect(
            try renderMustache("{{#subtitle}}<h2>{{.}}</h2>{{/subtitle}}", ["subtitle": "Part 2"]) == "<h2>Part 2</h2>")
        #expect(try renderMustache("{{#count}}{{.}} left{{/count}}", ["count": 0]) == "0 left")
    }

    @Test("a section over a falsey or missing value renders nothing")
    func falseySection() throws {
        let context: TemplateValue = ["draft": false, "note": nil, "subtitle": ""]
        #expect(
            try renderMustache(
                "[{{#draft}}a{{/draft}}{{#note}}b{{/note}}{{#subtitle}}c{{/subtitle}}{{#nope}}d{{/nope}}]", context)
                == "[]")
    }

    @Test("an inverted section renders only for falsey, empty or missing values")
    func invertedSection() throws {
        let template = "{{^posts}}No posts yet.{{/posts}}"
        #expect(try renderMustache(template, ["posts": []]) == "No posts yet.")
        #expect(try renderMustache(template, [:]) == "No posts yet.")
        #expect(try renderMustache(template, ["posts": nil]) == "No posts yet.")
        #expect(try renderMustache(template, ["posts": [1]]).isEmpty)
        #expect(try renderMustache(template, ["posts": ["title": "x"]]).isEmpty)
    }

    @Test("an inverted section does not push anything onto the stack")
    func invertedKeepsContext() throws {
        #expect(try renderMustache("{{^hidden}}{{title}}{{/hidden}}", ["title": "T", "hidden": false]) == "T")
    }

    @Test("a dotted name works as a section name")
    func dottedSection() throws {
        let context: TemplateValue = ["page": ["meta": ["draft": true]]]
        #expect(try renderMustache("{{#page.meta.draft}}DRAFT{{/page.meta.draft}}", context) == "DRAFT")
        #expect(try renderMustache("{{^page.meta.missing}}ok{{/page.meta.missing}}", context) == "ok")
    }

    @Test("a section over a list of lists iterates the inner lists with a dot")
    func nestedLists() throws {
        let context: TemplateValue = ["rows": [[1, 2], [3]]]
        #expect(try renderMustache("{{#rows}}[{{#.}}{{.}}{{/.}}]{{/rows}}", context) == "[12][3]")
    }

    @Test("nested sections see every enclosing context")
    func nestedContexts() throws {
        let context: TemplateValue = [
            "site": "Blog",
            "authors": [["name": "Ada", "posts": [["title": "Engines"], ["title": "Notes"]]]],
        ]
        let template = "{{#authors}}{{#posts}}{{site}}/{{name}}/{{title}};{{/posts}}{{/authors}}"
        #expect(try renderMustache(template, context) == "Blog/Ada/Engines;Blog/Ada/Notes;")
    }

    @Test("sections can repeat and nest with the same name")
    func repeatedSections() throws {
        #expect(try renderMustache("{{#on}}a{{#on}}b{{/on}}{{/on}}-{{#on}}c{{/on}}", ["on": true]) == "ab-c")
    }
}
