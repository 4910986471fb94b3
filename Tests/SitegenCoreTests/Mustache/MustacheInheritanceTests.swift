import SitegenCore
import Testing

@Suite("Mustache template inheritance")
struct MustacheInheritanceTests {
    @Test("a block outside any parent renders its default content")
    func blockDefault() throws {
        #expect(try renderMustache("<title>{{$title}}Untitled{{/title}}</title>") == "<title>Untitled</title>")
    }

    @Test("a parent tag renders the parent template with its blocks replaced")
    func overrideBlock() throws {
        let output = try renderMustache(
            "{{<base}}{{$title}}Home{{/title}}{{/base}}", partials: ["base": "<h1>{{$title}}Untitled{{/title}}</h1>"]
        )
        #expect(output == "<h1>Home</h1>")
    }

    @Test("blocks the child does not override keep their defaults")
    func unoverriddenBlocksKeepDefaults() throws {
        let base = "[{{$head}}H{{/head}}|{{$body}}B{{/body}}]"
        #expect(try renderMustache("{{<base}}{{$body}}mine{{/body}}{{/base}}", partials: ["base": base]) == "[H|mine]")
    }

    @Test("text inside a parent tag outside blocks is ignored")
    func textInsideParentIgnored() throws {
        let output = try renderMustache(
            "{{<base}}ignored {{$b}}kept{{/b}} {{x}} ignored{{/base}}", ["x": "X"], partials: ["base": "({{$b}}{{/b}})"]
        )
        #expect(output == "(kept)")
    }

    @Test("block content renders in the context where the parent places it")
    func blockUsesContextAtSlot() throws {
        let output = try renderMustache(
            "{{<list}}{{$item}}<li>{{title}}</li>{{/item}}{{/list}}",
            ["title": "outer", "posts": [["title": "A"], ["title": "B"]]],
            partials: ["list": "{{#posts}}{{$item}}{{title}}{{/item}}{{/posts}}"]
        )
        #expect(output == "<li>A</li><li>B</li>")
    }

    @Test("the context does not replace a block")
    func contextDoesNotOverrideBlocks() throws {
        #expect(try renderMustache("{{$title}}default{{/title}}", ["title": "from data"]) == "default")
    }

    @Test("the outermost template's overrides win through several levels")
    func multiLevelInheritance() throws {
        let partials = [
            "article": "{{<page}}{{$main}}article main{{/main}}{{$aside}}article aside{{/aside}}{{/page}}",
            "page": "{{<base}}{{$main}}page main{{/main}}{{/base}}",
            "base": "{{$main}}base main{{/main}}|{{$aside}}base aside{{/aside}}",
        ]
        #expect(
            try renderMustache("{{<article}}{{$main}}post main{{/main}}{{/article}}", partials: partials)
                == "post main|article aside")
        #expect(try renderMustache("{{<article}}{{/article}}", partials: partials) == "article main|article aside")
    }

    @Test("a parent with no overrides renders like a partial")
    func parentWithoutOverrides() throws {
        let partials = ["base": "<{{$x}}d{{/x}}>"]
        #expect(try renderMustache("{{>base}}{{<base}}{{/base}}", partials: partials) == "<d><d>")
    }

    @Test("a missing parent renders as nothing")
    func missingParent() throws {
        #expect(try renderMustache("[{{<nowhere}}{{$a}}x{{/a}}{{/nowhere}}]") == "[]")
    }

    @Test("a dynamic parent takes its name from the context")
    func dynamicParent() throws {
        let output = try renderMustache(
            "{{<*layout}}{{$body}}hi{{/body}}{{/*layout}}", ["layout": "wide"],
            partials: ["wide": "<wide>{{$body}}{{/body}}</wide>"]
        )
        #expect(output == "<wide>hi</wide>")
    }

    @Test("a standalone parent tag pair is indented like a standalone partial")
    func standaloneParentIndentation() throws {
        let output = try renderMustache(
            "<div>\n  {{<box}}{{/box}}\n</div>\n", partials: ["box": "<p>a</p>\n<p>b</p>\n"])
        #expect(output == "<div>\n  <p>a</p>\n  <p>b</p>\n</div>\n")
    }

    @Test("inheritance tags may share a standalone line")
    func inheritanceTagsShareStandaloneLines() throws {
        let child = "{{<base}}{{$body}}\nline\n{{/body}}{{/base}}\nafter\n"
        #expect(try renderMustache(child, partials: ["base": "{{$body}}{{/body}}"]) == "line\nafter\n")
    }

    @Test("an override is re-indented to the indentation of a standalone slot")
    func overrideReindentedToSlot() throws {
        let base = "<body>\n    {{$main}}\n    {{/main}}\n</body>\n"
        let child = "{{<base}}\n{{$main}}\n  <h1>Hi</h1>\n  <p>x</p>\n{{/main}}\n{{/base}}\n"
        #expect(
            try renderMustache(child, partials: ["base": base]) == "<body>\n    <h1>Hi</h1>\n    <p>x</p>\n</body>\n")
    }

    @Test("a standalone slot takes its indentation from its default content")
    func slotIndentationFromDefaultContent() throws {
        let base = "<ul>\n{{$items}}\n  <li>none</li>\n{{/items}}\n</ul>\n"
        #expect(try renderMustache("{{<base}}{{/base}}", partials: ["base": base]) == "<ul>\n  <li>none</li>\n</ul>\n")
        let child = "{{<base}}{{$items}}\n<li>a</li>\n<li>b</li>\n{{/items}}{{/base}}"
        #expect(try renderMustache(child, partials: ["base": base]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test("a slot pair on one line indents later lines of the override and keeps the line break")
    func slotPairOnOneLine() throws {
        let base = "<main>\n  {{$body}}{{/body}}\n</main>\n"
        let child = "{{<base}}{{$body}}\n<p>1</p>\n<p>2</p>{{/body}}{{/base}}"
        #expect(try renderMustache(child, partials: ["base": base]) == "<main>\n  <p>1</p>\n  <p>2</p>\n</main>\n")
    }

    @Test("a standalone partial on an override's first line gets the slot's and its own indentation")
    func partialIndentationInsideOverride() throws {
        let base = "<ul>\n  {{$items}}\n  {{/items}}\n</ul>\n"
        let child = "{{<base}}{{$items}}\n{{#tags}}\n  {{> tag}}\n{{/tags}}\n{{/items}}{{/base}}"
        let output = try renderMustache(
            child, ["tags": ["a", "b"]], partials: ["base": base, "tag": "<li>{{.}}</li>\n"])
        #expect(output == "<ul>\n    <li>a</li>\n    <li>b</li>\n</ul>\n")
    }

    @Test("an override that starts inline is indented when it fills a standalone slot")
    func inlineOverrideInStandaloneSlot() throws {
        let base = "<p>\n  {{$text}}\n  {{/text}}\n</p>\n"
        let output = try renderMustache("{{<base}}{{$text}}Hello,\nworld\n{{/text}}{{/base}}", partials: ["base": base])
        #expect(output == "<p>\n  Hello,\n  world\n</p>\n")
    }

    @Test("an inline slot leaves the override's lines as written")
    func inlineSlotKeepsOverride() throws {
        let base = "<h1>{{$title}}Untitled{{/title}}</h1>\n"
        #expect(
            try renderMustache("{{<base}}{{$title}}A <em>B</em>{{/title}}{{/base}}", partials: ["base": base])
                == "<h1>A <em>B</em></h1>\n")
    }

    @Test("blocks nested in an override are re-indented relative to it")
    func nestedBlockReindentation() throws {
        let base = "<body>\n  {{$page}}\n  {{/page}}\n</body>\n"
        let layout =
            "{{<base}}{{$page}}\n<main>\n  {{$content}}\n    default\n  {{/content}}\n</main>\n{{/page}}{{/base}}"
        let child = "{{<layout}}{{$content}}\n<p>mine</p>\n{{/content}}{{/layout}}"
        let output = try renderMustache(child, partials: ["base": base, "layout": layout])
        #expect(output == "<body>\n  <main>\n      <p>mine</p>\n  </main>\n</body>\n")
    }

    @Test("a parent can include itself through a block default without looping")
    func recursionThroughBlocks() throws {
        let partials = [
            "frame": "<{{$label}}frame{{/label}}>{{$inner}}{{<frame}}{{$inner}}end{{/inner}}{{/frame}}{{/inner}}"
        ]
        #expect(try renderMustache("{{<frame}}{{$label}}L{{/label}}{{/frame}}", partials: partials) == "<L><L>end")
    }
}
