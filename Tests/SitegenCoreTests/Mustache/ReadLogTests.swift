import Testing

@testable import SitegenCore

/// A render records what it read: the dependencies of its output.
@Suite struct ReadLogTests {
    /// Renders `source` on the stack `[root]`, recording.
    private func record(
        _ source: String, _ root: TemplateValue, partials: [String: String] = [:]
    ) throws -> (output: String, log: ReadLog) {
        var templates = try partials.mapValues { try MustacheTemplate(parsing: $0, name: "partial") }
        let template = try MustacheTemplate(parsing: source, name: "page")
        templates["page"] = template
        var output = ""
        var log: ReadLog? = ReadLog()
        try template.render(contextStack: [root], partials: templates, into: &output, log: &log)
        return (output, log!)
    }

    private func paths(_ log: ReadLog) -> [String] {
        log.reads.map { read in
            read.path.map { step in
                switch step {
                case .root(let index): "\(index)"
                case .key(let key): key
                case .index(let index): "[\(index)]"
                }
            }.joined(separator: ".") + " " + "\(read.kind)"
        }
    }

    @Test func eachValueReadIsRecordedWithItsPathAndHowItWasUsed() throws {
        let root: TemplateValue = ["site": ["title": "Club", "posts": [["title": "A"], ["title": "B"]]]]
        let (output, log) = try record(
            "{{site.title}}:{{#site.posts}}{{title}};{{/site.posts}}{{^site.menu}}-{{/site.menu}}", root)
        #expect(output == "Club:A;B;-")
        #expect(
            paths(log) == [
                "0.site.title text", "0.site.posts section", "0.site.posts.[0].title text",
                "0.site.posts.[1].title text",
                "0.site.menu inverted",
            ])
    }

    @Test func aNameLookedForInAContextThatLacksItIsRecordedAsAbsent() throws {
        let root: TemplateValue = ["title": "Club", "posts": [["name": "A"]]]
        let (output, log) = try record("{{#posts}}{{title}}{{/posts}}", root)
        #expect(output == "Club")
        // If a post gains a title, the page would show it instead: that is a dependency too.
        #expect(paths(log) == ["0.posts section", "0.posts.[0].title absent", "0.title text"])
    }

    @Test func readsInsideALazyValueAreCoveredByItsIdentity() throws {
        let post = LazyValue(kind: "item", name: "a", identity: 42) { ["title": "A", "tags": ["x"]] }
        let root: TemplateValue = ["posts": [.lazy(post)]]
        let (output, log) = try record("{{#posts}}{{title}}{{#tags}}{{.}}{{/tags}}{{/posts}}", root)
        #expect(output == "Ax")
        #expect(paths(log) == ["0.posts section"])
        #expect(log.lazies == [ReadLog.Lazy(path: [.root(0), .key("posts"), .index(0)], key: "", identity: 42)])
    }

    @Test func aLazyValueInsideAnotherIsRecordedByKey() throws {
        let content = LazyValue(kind: "content", name: "a", identity: 7, memoizes: false) { "<p>hi</p>" }
        let post = LazyValue(kind: "item", name: "a", identity: 42) { ["content": .lazy(content)] }
        let (output, log) = try record("{{#post}}{{{content}}}{{/post}}", ["post": .lazy(post)])
        #expect(output == "<p>hi</p>")
        #expect(log.lazies.map(\.identity) == [42, 7])
        #expect(log.lazies[1] == ReadLog.Lazy(path: nil, key: "content:a", identity: 7))
    }

    @Test func aLazyValueNotReadIsNotComputed() throws {
        let post = LazyValue(kind: "item", name: "a", identity: 1) {
            Issue.record("computed")
            return [:]
        }
        let (_, log) = try record("{{title}}", ["title": "T", "post": .lazy(post)])
        #expect(log.lazies.isEmpty)
    }

    @Test func everyTemplateUsedOrLookedForIsRecorded() throws {
        let (_, log) = try record("{{>header}}{{>missing}}", [:], partials: ["header": "h"])
        #expect(log.templates == ["page", "header", "missing"])
    }

    @Test func aSectionSeesTruthAndCountNotTheItems() {
        let two: TemplateValue = [["a": 1], ["a": 2]]
        let otherTwo: TemplateValue = [["b": 3], ["b": 4]]
        #expect(ReadKind.section.digest(of: two) == ReadKind.section.digest(of: otherTwo))
        #expect(ReadKind.section.digest(of: two) != ReadKind.section.digest(of: [["a": 1]]))
        #expect(ReadKind.text.digest(of: "a") != ReadKind.text.digest(of: "b"))
        #expect(ReadKind.inverted.digest(of: "a") == ReadKind.inverted.digest(of: "b"))
        #expect(ReadKind.absent.digest(of: nil) != ReadKind.absent.digest(of: "here"))
    }

    @Test func renderingWithoutALogGivesTheSameOutput() throws {
        let root: TemplateValue = ["site": ["posts": [["title": "A"]]]]
        let source = "{{#site.posts}}<{{title}}>{{/site.posts}}"
        #expect(try record(source, root).output == (try renderMustache(source, root)))
    }
}
