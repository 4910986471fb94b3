import Testing

@testable import SitegenCore

/// A post's edit on text, applied and validated as `sitegen edit` does it, without the disk.
private func edit(
    _ text: String, set: [(String, String)] = [], add: [String] = [], remove: [String] = [], unset: [String] = []
) throws -> String {
    let target = try EditTarget(siteRoot: "/site", sitePath: "content/posts/x.md")
    let document = try ContentDocument(path: target.sitePath, bytes: Array(text.utf8))
    let changes =
        add.map { EditRequest.ListChange(.add, key: "tags", item: $0) }
        + remove.map { EditRequest.ListChange(.remove, key: "tags", item: $0) }
    let request = EditRequest(
        assignments: set.map { EditRequest.Assignment(key: $0.0, value: $0.1) }, removals: unset, listChanges: changes)
    let plan = try request.plan(for: document, kind: target.kind)
    let bytes = try #require(plan.patches.applied(to: document.bytes))
    _ = try EditValidator(target: target, maxFileSize: .max).validate(bytes, original: document, plan: plan)
    return String(decoding: bytes, as: UTF8.self)
}

/// The messages of a refused edit.
private func refusal(_ text: String, set: [(String, String)] = [], changes: [EditRequest.ListChange]) -> [String] {
    do {
        let target = try EditTarget(siteRoot: "/site", sitePath: "content/posts/x.md")
        let document = try ContentDocument(path: target.sitePath, bytes: Array(text.utf8))
        let request = EditRequest(
            assignments: set.map { EditRequest.Assignment(key: $0.0, value: $0.1) }, listChanges: changes)
        _ = try request.plan(for: document, kind: target.kind)
        return []
    } catch let EditFailure.refused(diagnostics) {
        return diagnostics.map(\.description)
    } catch {
        return ["\(error)"]
    }
}

@Suite struct ListFieldEditTests {
    private let flow = "---\nusername: u\ntags: [scrum, \"retro\"]  # topics\ndraft: false\n---\nBody\n"
    private let block =
        "---\r\n  username: u\r\n  tags:\r\n    -   회고   # first\r\n    # between\r\n    -   야식\r\n  draft: false\r\n---\r\n"

    @Test func addingToAFlowListGoesAfterItsLastItemWithItsSeparator() throws {
        #expect(
            try edit(flow, add: ["c"])
                == "---\nusername: u\ntags: [scrum, \"retro\", c]  # topics\ndraft: false\n---\nBody\n")
        #expect(
            try edit("---\nusername: u\ntags: [a,b]\n---\n", add: ["c", "d"])
                == "---\nusername: u\ntags: [a,b,c,d]\n---\n")
        #expect(
            try edit("---\nusername: u\ntags: [a,\n  b]\n---\n", add: ["c"])
                == "---\nusername: u\ntags: [a,\n  b,\n  c]\n---\n")
    }

    @Test func addingToABlockListWritesALineLikeItsItems() throws {
        #expect(
            try edit(block, add: ["c"])
                == "---\r\n  username: u\r\n  tags:\r\n    -   회고   # first\r\n    # between\r\n    -   야식\r\n    -   c\r\n  draft: false\r\n---\r\n"
        )
    }

    @Test func removingFromAFlowListTakesTheItemAndOneSeparator() throws {
        let text = "---\nusername: u\ntags: [a, b, c, d]\n---\n"
        #expect(try edit(text, remove: ["b"]) == "---\nusername: u\ntags: [a, c, d]\n---\n")
        #expect(try edit(text, remove: ["d"]) == "---\nusername: u\ntags: [a, b, c]\n---\n")
        #expect(try edit(text, remove: ["b", "c"]) == "---\nusername: u\ntags: [a, d]\n---\n")
        #expect(try edit(text, remove: ["a", "c", "d"]) == "---\nusername: u\ntags: [b]\n---\n")
        #expect(try edit(text, remove: ["a", "b", "c", "d"]) == "---\nusername: u\ntags: []\n---\n")
    }

    @Test func removingFromABlockListTakesTheItemsLineOnly() throws {
        #expect(
            try edit(block, remove: ["회고"])
                == "---\r\n  username: u\r\n  tags:\r\n    # between\r\n    -   야식\r\n  draft: false\r\n---\r\n")
        #expect(
            try edit(block, remove: ["야식", "회고"]) == "---\r\n  username: u\r\n  tags: []\r\n  draft: false\r\n---\r\n")
    }

    @Test func addsAndRemovesApplyInTheOrderGiven() throws {
        #expect(
            try edit(flow, add: ["new"], remove: ["scrum"])
                == "---\nusername: u\ntags: [\"retro\", new]  # topics\ndraft: false\n---\nBody\n")
        // Removed, then added again: it goes to the end.
        let target = try EditTarget(siteRoot: "/site", sitePath: "content/posts/x.md")
        let document = try ContentDocument(
            path: target.sitePath, bytes: Array("---\nusername: u\ntags: [a, b]\n---\n".utf8))
        let request = EditRequest(listChanges: [
            .init(.remove, key: "tags", item: "a"), .init(.add, key: "tags", item: "a"),
        ])
        let plan = try request.plan(for: document, kind: target.kind)
        #expect(
            plan.patches.applied(to: document.bytes).map { String(decoding: $0, as: UTF8.self) }
                == "---\nusername: u\ntags: [b, a]\n---\n")
    }

    @Test func aBlockListEmptiedAndRefilledStaysABlockList() throws {
        #expect(
            try edit("---\nusername: u\ntags:\n- a\n- b\n---\n", add: ["yes"], remove: ["a", "b"])
                == "---\nusername: u\ntags:\n- \"yes\"\n---\n")
    }

    @Test func aListThatIsAbsentEmptyOrASingleValueBecomesAFlowList() throws {
        #expect(try edit("---\nusername: u\n---\n", add: ["a, b"]) == "---\nusername: u\ntags: [\"a, b\"]\n---\n")
        #expect(try edit("---\nusername: u\ntags:\n---\n", add: ["a"]) == "---\nusername: u\ntags: [a]\n---\n")
        #expect(
            try edit("---\nusername: u\ntags: []  # none\n---\n", add: ["a"])
                == "---\nusername: u\ntags: [a]  # none\n---\n")
        #expect(
            try edit("---\nusername: u\ntags: solo\n---\n", add: ["a"]) == "---\nusername: u\ntags: [solo, a]\n---\n")
    }

    @Test func itemsKeptKeepTheirBytesAndNewOnesAreText() throws {
        #expect(
            try edit("---\nusername: u\ntags: [2024, 'x']\n---\n", add: ["2025", " padded "])
                == "---\nusername: u\ntags: [2024, 'x', \"2025\", padded]\n---\n")
        #expect(
            try edit("---\nusername: u\ntags: [2024, b]\n---\n", remove: ["2024"])
                == "---\nusername: u\ntags: [b]\n---\n")
    }

    @Test func setReplacesAFlowListWithAFlowList() throws {
        #expect(
            try edit(flow, set: [("tags", "[a, 'b, c', yes, 12]")])
                == "---\nusername: u\ntags: [a, \"b, c\", \"yes\", \"12\"]  # topics\ndraft: false\n---\nBody\n")
    }

    @Test func setReplacesABlockListsItemLinesKeepingTheirIndentation() throws {
        #expect(
            try edit(block, set: [("tags", "[a, 'b: c']")])
                == "---\r\n  username: u\r\n  tags:\r\n    -   a\r\n    -   \"b: c\"\r\n  draft: false\r\n---\r\n")
        #expect(
            try edit(block, set: [("tags", "[]")]) == "---\r\n  username: u\r\n  tags: []\r\n  draft: false\r\n---\r\n")
    }

    @Test func setOfAnAbsentListAddsAFlowList() throws {
        #expect(
            try edit("---\nusername: u\n---\n", set: [("tags", "[a, b]"), ("title", "T")])
                == "---\nusername: u\ntags: [a, b]\ntitle: T\n---\n")
    }

    @Test func setRefusesWhatIsNotAListOfTexts() {
        let text = "---\nusername: u\ntags: [a]\n---\n"
        #expect(
            refusal(text, set: [("tags", "foo")], changes: []) == [
                "content/posts/x.md:3:1: error: tags is a list; write --set tags=[foo] to replace it, or --add tags=foo to add one item"
            ])
        #expect(
            refusal(text, set: [("tags", "")], changes: []) == [
                "content/posts/x.md:3:1: error: tags is a list; write --set tags=[] to empty it, or --unset tags to remove it"
            ])
        #expect(
            refusal(text, set: [("tags", "{a: b}")], changes: []) == [
                "content/posts/x.md:3:1: error: tags must be a list like [a, b], got a mapping"
            ])
        #expect(
            refusal(text, set: [("tags", "[a, [b]]")], changes: []) == [
                "content/posts/x.md:3:1: error: each of tags must be text, found a list"
            ])
        #expect(
            refusal(text, set: [("tags", "[a, \"\", a]")], changes: []) == [
                "content/posts/x.md:3:1: error: tags cannot hold an empty item",
                "content/posts/x.md:3:1: error: tags would hold \"a\" twice",
            ])
        #expect(
            refusal(text, set: [("tags", "[a, b")], changes: []) == [
                "content/posts/x.md:3:1: error: --set tags=[a, b is not a YAML list: did not find expected ',' or ']' (while parsing a flow sequence)"
            ])
    }

    @Test func addingWhatIsThereOrRemovingWhatIsNotIsRefusedWhereItIs() {
        let text = "---\nusername: u\ntags: [a, b]\n---\n"
        #expect(
            refusal(text, changes: [.init(.add, key: "tags", item: " b"), .init(.remove, key: "tags", item: "z")]) == [
                "content/posts/x.md:3:1: error: tags has no item \"z\" to remove",
                "content/posts/x.md:3:11: error: tags already holds \"b\"",
            ])
        #expect(
            refusal(text, changes: [.init(.add, key: "tags", item: "c"), .init(.add, key: "tags", item: "c")]) == [
                "content/posts/x.md:3:1: error: tags already holds \"c\""
            ])
        #expect(
            refusal(text, changes: [.init(.add, key: "tags", item: "  ")]) == [
                "content/posts/x.md:3:1: error: tags cannot hold an empty item"
            ])
        #expect(
            refusal("---\nusername: u\n---\n", changes: [.init(.remove, key: "tags", item: "a")]) == [
                "content/posts/x.md:1:1: error: tags has no item \"a\" to remove"
            ])
    }

    @Test func onlyListFieldsTakeItems() {
        #expect(
            refusal("---\nusername: u\ntitle: t\n---\n", changes: [.init(.add, key: "title", item: "x")]) == [
                "content/posts/x.md:3:1: error: title is not a list field of a post (its lists: aliases, tags); use --set title=VALUE"
            ])
        #expect(
            refusal("---\nusername: u\ntags: {a: 1}\n---\n", changes: [.init(.add, key: "tags", item: "x")]) == [
                "content/posts/x.md:3:7: error: tags holds a mapping, not a list; replace it with --set tags=[…]"
            ])
        #expect(
            refusal(
                "---\nusername: u\ntags: [a]\n---\n", set: [("tags", "[b]")],
                changes: [.init(.add, key: "tags", item: "x")]) == [
                    "content/posts/x.md:3:1: error: --set tags cannot be combined with --add or --remove of tags"
                ])
    }

    @Test func aKindWithoutListsSaysSo() throws {
        let target = try EditTarget(siteRoot: "/site", sitePath: "content/menu/x.md")
        let document = try ContentDocument(path: target.sitePath, bytes: Array("---\nname: X\nprice: 1\n---\n".utf8))
        #expect(throws: EditFailure.self) {
            try EditRequest(listChanges: [.init(.add, key: "price", item: "2")]).plan(for: document, kind: target.kind)
        }
    }
}
