import Foundation
import SitegenCore
import Testing

@Suite("Template library")
struct MustacheTemplateLibraryTests {
    /// A fresh folder holding `files` (relative path → contents).
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Not atomically: on Linux, Foundation's atomic write leaves a folder behind in the temp folder.
            try contents.write(to: url, atomically: false, encoding: .utf8)
        }
        return root
    }

    @Test("a folder's templates are named by relative path without .mustache")
    func loadsFolder() throws {
        let root = try folder([
            "post.mustache": "{{> partials/avatar}}", "partials/avatar.mustache": "[{{name}}]",
            "notes.txt": "not a template", ".hidden.mustache": "{{#broken}}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try TemplateLibrary(layers: [.folder(root, displayPrefix: "templates")])
        #expect(library.names == ["partials/avatar", "post"])
        #expect(try library.render(name: "post", context: ["name": "Ada"]) == "[Ada]")
        #expect(library.displayPath(of: "partials/avatar") == "templates/partials/avatar.mustache")
    }

    @Test("a folder that does not exist adds no templates")
    func missingFolder() throws {
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)")
        #expect(try TemplateLibrary(layers: [.folder(nowhere, displayPrefix: "templates")]).names.isEmpty)
    }

    @Test("a later layer replaces an earlier layer's template of the same name")
    func laterLayerWins() throws {
        let root = try folder(["post.mustache": "site post", "extra.mustache": "site extra"])
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try TemplateLibrary(layers: [
            .sources(["post": "default post", "home": "default home"], displayPrefix: "(default theme)"),
            .folder(root, displayPrefix: "templates"),
        ])
        #expect(library.names == ["extra", "home", "post"])
        #expect(try library.render(name: "post", context: [:]) == "site post")
        #expect(try library.render(name: "home", context: [:]) == "default home")
        #expect(library.displayPath(of: "home") == "(default theme)/home.mustache")
        #expect(library.displayPath(of: "post") == "templates/post.mustache")
    }

    @Test("every syntax error of every file is reported, at the file's path")
    func collectsAllErrors() throws {
        let sources = ["post": "ok", "home": "\n  {{#posts}}", "list": "{{/items}}", "card": "{{name"]
        do {
            _ = try TemplateLibrary(sources: sources, displayPrefix: "templates")
            Issue.record("expected syntax errors")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "templates/card.mustache:1:1: error: unclosed tag",
                    "templates/home.mustache:2:3: error: unclosed section \"posts\"",
                    "templates/list.mustache:1:1: error: closing tag \"items\" has no opening tag",
                ])
        }
    }

    @Test("partials and parents that are not in the library are reported at their tags")
    func missingReferences() throws {
        let library = try TemplateLibrary(
            sources: [
                "post": "{{<layout}}{{/layout}}", "layout": "<main>\n  {{> footer}}{{> header}}\n{{>*dynamic}}</main>",
                "header": "h",
            ],
            displayPrefix: "templates"
        )
        #expect(
            library.missingReferences().map(\.description) == [
                "templates/layout.mustache:2:3: error: partial \"footer\" not found"
            ])
        let orphan = try TemplateLibrary(sources: ["post": "{{<layout}}{{/layout}}"], displayPrefix: "templates")
        #expect(
            orphan.missingReferences().map(\.description) == [
                "templates/post.mustache:1:1: error: parent \"layout\" not found"
            ])
    }

    @Test("a template's references list its static partials and parents in order")
    func templateReferences() throws {
        let template = try MustacheTemplate(parsing: "{{> a}}\n{{<b}}{{> c}}{{/b}}{{>*d}}", name: "t")
        #expect(
            template.references == [
                TemplateReference(kind: .partial, name: "a", line: 1, column: 1),
                TemplateReference(kind: .parent, name: "b", line: 2, column: 1),
                TemplateReference(kind: .partial, name: "c", line: 2, column: 7),
            ])
    }

    @Test("rendering a missing partial renders nothing in its place")
    func missingPartialRendersEmpty() throws {
        let library = try TemplateLibrary(sources: ["page": "<{{> nowhere}}>"], displayPrefix: "templates")
        #expect(try library.render(name: "page", context: [:]) == "<>")
    }

    @Test("rendering an unknown template name fails with a diagnostic")
    func unknownTemplate() throws {
        let library = try TemplateLibrary(sources: ["page": "x"], displayPrefix: "templates")
        #expect(throws: Diagnostic(at: SourceLocation(path: "templates/nope.mustache"), "template \"nope\" not found"))
        {
            try library.render(name: "nope", context: [:])
        }
    }

    @Test("rendering accepts a whole context stack")
    func renderWithContextStack() throws {
        let library = try TemplateLibrary(sources: ["page": "{{title}} | {{site.title}}"], displayPrefix: "templates")
        let stack: [TemplateValue] = [["site": ["title": "Blog"]], ["title": "Post"]]
        #expect(try library.render(name: "page", context: stack) == "Post | Blog")
    }

    @Test("one library renders correctly from many threads at once")
    func concurrentRendering() async throws {
        let library = try TemplateLibrary(
            sources: [
                "page": "{{<layout}}{{$body}}\n{{#items}}\n  {{> item}}\n{{/items}}\n{{/body}}{{/layout}}",
                "layout": "<main>\n  {{$body}}\n  {{/body}}\n</main>\n",
                "item": "<li>{{n}} &amp; {{label}}</li>\n",
            ],
            displayPrefix: "templates"
        )
        func expected(_ worker: Int) -> String {
            "<main>\n" + (0..<50).map { "    <li>\($0) &amp; w\(worker)&lt;</li>\n" }.joined() + "</main>\n"
        }
        let results = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for worker in 0..<16 {
                group.addTask {
                    let context: TemplateValue = [
                        "label": .string("w\(worker)<"), "items": .list((0..<50).map { ["n": .int($0)] }),
                    ]
                    var allMatch = true
                    for _ in 0..<50 {
                        allMatch = try library.render(name: "page", context: context) == expected(worker) && allMatch
                    }
                    return (worker, allMatch)
                }
            }
            var collected: [Int: Bool] = [:]
            for try await (worker, ok) in group { collected[worker] = ok }
            return collected
        }
        #expect(results.count == 16)
        #expect(results.values.allSatisfy { $0 })
    }
}
