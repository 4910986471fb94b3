import Foundation
import Testing

/// `sitegen edit --set tags=[…] / --add tags=x / --remove tags=x`: the list
/// changes in the style it is written in, every other byte stays, and every
/// refusal leaves the file as it was.
@Suite struct EditListTests {
    /// A flow list with a quoted item and a comment after it, among other hand-written fields.
    private let flow =
        "---\n# by hand\ntitle: 'Sprint \"one\"'\ntags: [scrum, \"retro\"]   # topics\n\nusername: 민디고\n---\n회고\n"
    /// An indented block list with comments, CRLF line endings and no final newline.
    private let block =
        "---\r\n  username: 쵸비\r\n  tags:\r\n    - 회고   # first\r\n    - 야식\r\n  # after\r\n  draft: false\r\n---\r\n본문"

    private func expectEdit(
        _ original: String, _ arguments: [String], gives expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let site = try TempSite.sample()
        try site.write("content/posts/x.md", original)
        let names = try site.names(in: "content/posts")
        let run = try Sitegen.run(["edit", "posts/x"] + arguments, in: site.root)
        #expect(run.status == 0, "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout == "edited content/posts/x.md\n", sourceLocation: sourceLocation)
        let result = try site.bytes("content/posts/x.md")
        #expect(
            result == Array(expected.utf8),
            "\(arguments) gave \(String(decoding: result, as: UTF8.self).debugDescription)",
            sourceLocation: sourceLocation)
        #expect(try site.names(in: "content/posts") == names, "files were left behind", sourceLocation: sourceLocation)
    }

    private func expectRefusal(
        _ original: String, _ arguments: [String], message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let site = try TempSite.sample()
        try site.write("content/posts/x.md", original)
        let before = try site.identity("content/posts/x.md")
        let names = try site.names(in: "content/posts")
        Thread.sleep(forTimeInterval: 0.01)  // a write would show as a later modification time
        let run = try Sitegen.run(["edit", "posts/x"] + arguments, in: site.root)
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(
            run.stderr == message + "\n1 error in 1 file; nothing was written\n", "\(run.stderr)",
            sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(
            try site.identity("content/posts/x.md") == before, "the file was touched", sourceLocation: sourceLocation)
        #expect(try site.names(in: "content/posts") == names, "files were left behind", sourceLocation: sourceLocation)
    }

    @Test func addKeepsAFlowListFlowAndEveryOtherByte() throws {
        try expectEdit(
            flow, ["--add", "tags=야식", "--add", "tags=a, b"],
            gives:
                "---\n# by hand\ntitle: 'Sprint \"one\"'\ntags: [scrum, \"retro\", 야식, \"a, b\"]   # topics\n\nusername: 민디고\n---\n회고\n"
        )
    }

    @Test func removeTakesOneItemFromAFlowList() throws {
        try expectEdit(
            flow, ["--remove", "tags=scrum"],
            gives: "---\n# by hand\ntitle: 'Sprint \"one\"'\ntags: [\"retro\"]   # topics\n\nusername: 민디고\n---\n회고\n")
    }

    @Test func addKeepsABlockListBlockWithItsIndentation() throws {
        try expectEdit(
            block, ["--add", "tags=yes"],
            gives:
                "---\r\n  username: 쵸비\r\n  tags:\r\n    - 회고   # first\r\n    - 야식\r\n    - \"yes\"\r\n  # after\r\n  draft: false\r\n---\r\n본문"
        )
    }

    @Test func removeTakesOneLineFromABlockList() throws {
        try expectEdit(
            block, ["--remove", "tags=회고"],
            gives: "---\r\n  username: 쵸비\r\n  tags:\r\n    - 야식\r\n  # after\r\n  draft: false\r\n---\r\n본문")
    }

    @Test func setWritesARealListInTheFilesStyle() throws {
        try expectEdit(
            flow, ["--set", "tags=[a, 'b, c', 2024]"],
            gives:
                "---\n# by hand\ntitle: 'Sprint \"one\"'\ntags: [a, \"b, c\", \"2024\"]   # topics\n\nusername: 민디고\n---\n회고\n"
        )
        try expectEdit(
            block, ["--set", "tags=[x, y]"],
            gives:
                "---\r\n  username: 쵸비\r\n  tags:\r\n    - x\r\n    - \"y\"\r\n  # after\r\n  draft: false\r\n---\r\n본문"
        )
    }

    @Test func aListThatIsAbsentIsAddedInFlowStyle() throws {
        try expectEdit(
            "---\nusername: u\n---\nBody\n", ["--add", "tags=scrum"],
            gives: "---\nusername: u\ntags: [scrum]\n---\nBody\n")
        try expectEdit(
            "---\nusername: u\n---\nBody\n", ["--set", "tags=[a, b]"],
            gives: "---\nusername: u\ntags: [a, b]\n---\nBody\n")
    }

    @Test func theEditedListBuilds() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/x.md", flow)
        #expect(try site.sitegen("edit", "posts/x", "--add", "tags=야식", "--remove", "tags=retro").status == 0)
        #expect(try site.sitegen("build").status == 0)
        let page = try site.read("public/posts/x/index.html")
        #expect(page.contains("야식") && page.contains("scrum") && !page.contains("retro"))
    }

    @Test func addingAnItemThatIsThereIsRefusedAtThatItem() throws {
        try expectRefusal(
            flow, ["--add", "tags=retro"], message: "content/posts/x.md:4:15: error: tags already holds \"retro\"")
    }

    @Test func removingAnItemThatIsNotThereIsRefusedAtTheField() throws {
        try expectRefusal(
            block, ["--remove", "tags=scrum"],
            message: "content/posts/x.md:3:3: error: tags has no item \"scrum\" to remove")
        try expectRefusal(
            "---\nusername: u\n---\n", ["--remove", "tags=scrum"],
            message: "content/posts/x.md:1:1: error: tags has no item \"scrum\" to remove")
    }

    @Test func anEmptyItemIsRefused() throws {
        try expectRefusal(
            flow, ["--add", "tags= "], message: "content/posts/x.md:4:1: error: tags cannot hold an empty item")
    }

    @Test func settingAListToAPlainValueIsRefusedWithTheWaysToDoIt() throws {
        try expectRefusal(
            flow, ["--set", "tags=foo"],
            message:
                "content/posts/x.md:4:1: error: tags is a list; write --set tags=[foo] to replace it, or --add tags=foo to add one item"
        )
    }

    @Test func aListThatIsNotValidYAMLIsRefusedWithLibyamlsReason() throws {
        try expectRefusal(
            flow, ["--set", "tags=[a, b"],
            message:
                "content/posts/x.md:4:1: error: --set tags=[a, b is not a YAML list: did not find expected ',' or ']' (while parsing a flow sequence)"
        )
    }

    @Test func itemsOnlyGoIntoListFields() throws {
        try expectRefusal(
            flow, ["--add", "title=x"],
            message:
                "content/posts/x.md:3:1: error: title is not a list field of a post (its lists: aliases, tags); use --set title=VALUE"
        )
    }

    @Test func usageMistakesExitWithTwo() throws {
        let site = try TempSite.sample()
        let before = try site.identity("content/posts/me-too.md")
        for (arguments, message) in [
            (["--add", "tags"], "--add needs KEY=ITEM, got \"tags\""),
            (["--remove", "=x"], "--remove needs KEY=ITEM, got \"=x\""),
            (
                ["--set", "tags=[a]", "--add", "tags=b"],
                "--set tags cannot be combined with --add or --remove of tags; give the whole list with --set tags=[…], or change items with --add and --remove"
            ),
            (["--unset", "tags", "--remove", "tags=a"], "tags is both unset and changed with --add or --remove"),
        ] {
            let run = try Sitegen.run(["edit", "posts/me-too"] + arguments, in: site.root)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("error: \(message)\nusage: sitegen edit"), "\(run.stderr)")
        }
        #expect(try site.identity("content/posts/me-too.md") == before)
    }

    @Test func helpDescribesListFields() throws {
        let run = try Sitegen.run(["edit", "--help"])
        #expect(run.status == 0)
        for text in ["--add KEY=ITEM", "--remove KEY=ITEM", "--set tags=[a, b]"] {
            #expect(run.stdout.contains(text), "\(text)")
        }
    }
}
