import Testing

@testable import SitegenCore

/// Plans an edit on text and applies it, without touching the disk.
private func edit(
    _ text: String, at sitePath: String = "content/posts/x.md", set: [(String, String)] = [], unset: [String] = [],
    body: String? = nil, force: Bool = false
) throws -> String {
    let target = try EditTarget(siteRoot: "/site", sitePath: sitePath)
    let document = try ContentDocument(path: sitePath, bytes: Array(text.utf8))
    var request = EditRequest(
        assignments: set.map { EditRequest.Assignment(key: $0.0, value: $0.1) }, removals: unset,
        body: body.map { Array($0.utf8) })
    request.setsUndeclaredFields = force
    let plan = try request.plan(for: document, kind: target.kind)
    let bytes = try #require(plan.patches.applied(to: document.bytes))
    _ = try EditValidator(target: target, maxFileSize: .max).validate(bytes, original: document, plan: plan)
    return String(decoding: bytes, as: UTF8.self)
}

@Suite struct FrontMatterPatcherTests {
    @Test func settingAValueChangesOnlyItsBytes() throws {
        let text = "---\n# who\nusername: u   # fixed\ntitle: Old  # shown\n\ntags: [a, b]\n---\nBody\n"
        #expect(
            try edit(text, set: [("title", "New title")])
                == "---\n# who\nusername: u   # fixed\ntitle: New title  # shown\n\ntags: [a, b]\n---\nBody\n")
    }

    @Test func aQuotedValueIsReplacedInTheSimplestForm() throws {
        #expect(
            try edit("---\nusername: u\ntitle: 'it''s'\n---\n", set: [("title", "plain")])
                == "---\nusername: u\ntitle: plain\n---\n")
        #expect(
            try edit("---\nusername: u\ntitle: \"x\"\n---\n", set: [("title", "yes")])
                == "---\nusername: u\ntitle: \"yes\"\n---\n")
    }

    @Test func anEmptyValueIsFilledInAfterTheColon() throws {
        #expect(
            try edit("---\nusername: u\ntitle:\n---\n", set: [("title", "T")]) == "---\nusername: u\ntitle: T\n---\n")
        #expect(
            try edit("---\nusername: u\ntitle: # none yet\n---\n", set: [("title", "T")])
                == "---\nusername: u\ntitle: T # none yet\n---\n")
    }

    @Test func aBlockScalarIsReplacedUpToItsLastLineOnly() throws {
        let text = "---\nusername: u\ntitle: |\n  line one\n  line two\n\n# after\ndraft: false\n---\n"
        #expect(
            try edit(text, set: [("title", "short")])
                == "---\nusername: u\ntitle: short\n\n# after\ndraft: false\n---\n")
    }

    @Test func aBlockListIsReplacedFromTheColonToItsLastItem() throws {
        // On a page, `tags` is not a field (so it is forced), nor a list field: any value may replace it.
        let text = "---\ntitle: t\ntags:\n  - a # first\n  - b # last\n# kept\ndraft: true\n---\n"
        #expect(
            try edit(text, at: "content/about.md", set: [("tags", "solo")], force: true)
                == "---\ntitle: t\ntags: solo # last\n# kept\ndraft: true\n---\n")
    }

    @Test func aNewFieldGoesAtTheEndIndentedLikeTheOthersWithTheFilesLineBreak() throws {
        let text = "---\r\n  username: u\r\n  # end\r\n---\r\nBody"
        #expect(
            try edit(text, set: [("title", "T"), ("draft", "true")])
                == "---\r\n  username: u\r\n  # end\r\n  title: T\r\n  draft: true\r\n---\r\nBody")
    }

    @Test func aFileWithoutFrontMatterGetsOneAfterItsByteOrderMark() throws {
        #expect(
            try edit("\u{FEFF}# About\n", at: "content/about.md", set: [("title", "About")])
                == "\u{FEFF}---\ntitle: About\n---\n# About\n")
    }

    @Test func emptyFrontMatterGetsTheField() throws {
        #expect(
            try edit("---\n# nothing yet\n---\nx", at: "content/about.md", set: [("title", "A")])
                == "---\n# nothing yet\ntitle: A\n---\nx")
    }

    @Test func unsetRemovesTheWholeFieldAndKeepsTheCommentAboveIt() throws {
        let text = "---\nusername: u\n# the title\ntitle: |\n  a\n  b\ntags:\n  - a\n\n  - b # b\ndraft: true\n---\n"
        #expect(try edit(text, unset: ["title", "tags"]) == "---\nusername: u\n# the title\ndraft: true\n---\n")
    }

    @Test func aKeyGivenTwiceTakesItsLastValue() throws {
        #expect(
            try edit(
                "---\nusername: u\ntitle: a\n---\n", set: [("title", "b"), ("title", "c")], unset: ["draft", "draft"])
                == "---\nusername: u\ntitle: c\n---\n")
    }

    @Test func aDuplicatedKeyIsAnErrorBeforeAnythingIsPatched() throws {
        let error = #expect(throws: Diagnostic.self) {
            try edit("---\nusername: u\ntitle: a\ntitle: b\n---\n", unset: ["title"])
        }
        #expect(
            error?.description
                == "content/posts/x.md:4:1: error: invalid YAML in front matter: key \"title\" is given twice (first on line 3); remove one of them"
        )
    }

    @Test func unsetOfTheLastFieldAndANewFieldTogether() throws {
        #expect(
            try edit("---\nusername: u\ntitle: a\n---\n", set: [("draft", "true")], unset: ["title"])
                == "---\nusername: u\ndraft: true\n---\n")
    }

    @Test func bodyAfterAClosingLineThatEndsTheFileStartsOnItsOwnLine() throws {
        #expect(try edit("---\r\nusername: u\r\n---", body: "Hi") == "---\r\nusername: u\r\n---\r\nHi")
    }

    @Test func aBodyThatWouldReadAsFrontMatterIsRefusedUnlessFrontMatterIsAdded() throws {
        #expect(throws: EditFailure.self) {
            try edit("Just text\n", at: "content/about.md", body: "---\ntitle: x\n---\n")
        }
        #expect(
            try edit("Just text\n", at: "content/about.md", set: [("title", "T")], body: "---\nnot yaml\n")
                == "---\ntitle: T\n---\n---\nnot yaml\n")
    }

    @Test func aFlowMappingFrontMatterIsRefused() throws {
        #expect(throws: EditFailure.self) { try edit("---\n{username: u, title: t}\n---\n", set: [("title", "x")]) }
    }

    @Test func aValueThatMakesTheFileInvalidIsRefusedWithBuildsMessage() throws {
        do {
            _ = try edit("---\nname: X\nprice: 1\n---\n", at: "content/menu/x.md", set: [("price", "abc")])
            Issue.record("expected a refusal")
        } catch let EditFailure.refused(diagnostics) {
            #expect(
                diagnostics.map(\.description) == [
                    "content/menu/x.md:3:8: error: price must be a whole number of won, got \"abc\""
                ])
        }
    }

    @Test func immutableAndRequiredFieldsAreRefusedAtTheirKey() throws {
        do {
            _ = try edit("---\ntitle: t\nusername: u\n---\n", set: [("username", "v")])
            Issue.record("expected a refusal")
        } catch let EditFailure.refused(diagnostics) {
            #expect(
                diagnostics.map(\.description) == [
                    "content/posts/x.md:3:1: error: username cannot be changed after creation"
                ])
        }
        do {
            _ = try edit("---\nname: X\nprice: 1\n---\n", at: "content/menu/x.md", unset: ["price"])
            Issue.record("expected a refusal")
        } catch let EditFailure.refused(diagnostics) {
            #expect(
                diagnostics.map(\.description) == [
                    "content/menu/x.md:3:1: error: price is required and cannot be removed"
                ])
        }
    }

    @Test func anAnchorUsedElsewhereIsNotSilentlyChanged() throws {
        #expect(throws: EditFailure.self) {
            try edit(
                "---\nusername: u\ntitle: &t Hello\ndescription: *t\n---\n", at: "content/about.md",
                set: [("title", "Bye")])
        }
    }
}
