import Foundation
import Testing

/// Every refusal of `sitegen edit`: the exact message, exit 1, and the file
/// untouched (same bytes, same modification time, same inode).
@Suite struct EditRefusalTests {
    /// Writes `text` at `path`, runs `sitegen edit` with `arguments`, and checks the refusal.
    private func expectRefusal(
        _ path: String, _ text: String, _ arguments: [String], message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let site = try TempSite.sample()
        try site.write(path, text)
        let before = try site.identity(path)
        let folder = String(path[..<path.lastIndex(of: "/")!])
        let names = try site.names(in: folder)
        Thread.sleep(forTimeInterval: 0.01)  // a write would show as a later modification time
        let run = try Sitegen.run(["edit", path] + arguments, in: site.root)
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(run.stderr.contains(message + "\n"), "stderr was: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try site.identity(path) == before, "the file was touched", sourceLocation: sourceLocation)
        #expect(try site.names(in: folder) == names, "files were left behind", sourceLocation: sourceLocation)
    }

    private let menuItem = "---\nname: X\nprice: 1\n---\nA dish.\n"
    private let post = "---\nusername: 프렘\ntitle: Hi\n---\nBody\n"

    @Test func aPriceThatIsNotANumberGetsBuildsMessage() throws {
        try expectRefusal(
            "content/menu/x.md", menuItem, ["--set", "price=abc"],
            message: "content/menu/x.md:3:8: error: price must be a whole number of won, got \"abc\"")
    }

    @Test func aNegativePriceIsRefused() throws {
        try expectRefusal(
            "content/menu/x.md", menuItem, ["--set", "price=-5"],
            message: "content/menu/x.md:3:8: error: price must be at least 0, got -5")
    }

    @Test func everyProblemIsReportedWithASummary() throws {
        try expectRefusal(
            "content/menu/x.md", menuItem, ["--set", "price=abc", "--set", "name="],
            message:
                "content/menu/x.md:2:7: error: name must not be empty\ncontent/menu/x.md:3:8: error: price must be a whole number of won, got \"abc\"\n2 errors in 1 file; nothing was written"
        )
    }

    @Test func aBadDateIsRefused() throws {
        try expectRefusal(
            "content/posts/x.md", post, ["--set", "date=yesterday"],
            message:
                "content/posts/x.md:4:7: error: date must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"yesterday\""
        )
    }

    @Test func aPostsUsernameCannotBeChanged() throws {
        try expectRefusal(
            "content/posts/x.md", post, ["--set", "username=someone"],
            message: "content/posts/x.md:2:1: error: username cannot be changed after creation")
    }

    @Test func aPostsUsernameCannotBeRemoved() throws {
        try expectRefusal(
            "content/posts/x.md", post, ["--unset", "username"],
            message: "content/posts/x.md:2:1: error: username cannot be changed after creation")
    }

    @Test func aProfilesNameCannotBeChanged() throws {
        try expectRefusal(
            "content/profiles/kim.md", "---\nbio: Hello World\nname: Kim\n---\n",
            ["--set", "name=Lee", "--set", "bio=Hi"],
            message: "content/profiles/kim.md:3:1: error: name cannot be changed after creation")
    }

    @Test func aRequiredFieldCannotBeRemoved() throws {
        try expectRefusal(
            "content/menu/x.md", menuItem, ["--unset", "price"],
            message: "content/menu/x.md:3:1: error: price is required and cannot be removed")
    }

    @Test func aBodyThatIsNotUTF8IsRefused() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/x.md", post)
        try site.writeBytes("latin1.txt", Array("caf".utf8) + [0xE9, 0x0A])
        let before = try site.identity("content/posts/x.md")
        let run = try site.sitegen("edit", "posts/x", "--body-file", "latin1.txt")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "content/posts/x.md:5:4: error: file is not valid UTF-8 (byte 0xE9 here); save it as UTF-8\n"))
        #expect(try site.identity("content/posts/x.md") == before)
    }

    @Test func aFileLargerThanMaxFileSizeIsRefused() throws {
        let site = try TempSite.sample()
        try site.write("site.yml", "title: T\nmax_file_size: 100\n")
        try site.write("content/posts/x.md", post)
        let before = try site.identity("content/posts/x.md")
        let run = try site.sitegen("edit", "posts/x", "--body", String(repeating: "x", count: 200))
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "content/posts/x.md: error: the file would be 235 bytes, larger than max_file_size (100); raise max_file_size in site.yml if this is intended\n"
            ))
        #expect(try site.identity("content/posts/x.md") == before)
    }

    @Test func frontMatterWrittenAsOneFlowMappingIsRefused() throws {
        try expectRefusal(
            "content/posts/x.md", "---\n{username: u, title: t}\n---\n", ["--set", "title=x"],
            message:
                "content/posts/x.md:2:1: error: front matter written as one { … } mapping cannot be edited field by field; write one \"key: value\" per line"
        )
    }

    @Test func aFileThatDoesNotParseCannotBePatched() throws {
        try expectRefusal(
            "content/posts/x.md", "---\nusername: u\ntitle: [unclosed\n---\n", ["--set", "title=x"],
            message:
                "content/posts/x.md:4:1: error: invalid YAML in front matter: did not find expected ',' or ']' (while parsing a flow sequence)"
        )
    }

    @Test func aFileWhoseFrontMatterIsNotRecognisedCannotBePatched() throws {
        try expectRefusal(
            "content/posts/x.md", "\n" + post, ["--set", "title=x"],
            message:
                "content/posts/x.md:2:1: error: front matter not recognised: front matter must start on the first line; this file has a blank line before `---`\n1 error in 1 file; nothing was written"
        )
    }

    @Test func aUTF16FileCannotBePatched() throws {
        let site = try TempSite.sample()
        try site.writeBytes(
            "content/posts/x.md", [0xFF, 0xFE] + Array(post.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let before = try site.identity("content/posts/x.md")
        let run = try site.sitegen("edit", "posts/x", "--set", "title=x")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "content/posts/x.md:1:1: error: front matter not recognised: file is UTF-16; sitegen reads UTF-8 (save it as UTF-8)\n1 error in 1 file; nothing was written\n"
        )
        #expect(try site.identity("content/posts/x.md") == before)
        #expect(try site.names(in: "content/posts").filter { $0.hasPrefix(".") } == [])
    }

    @Test func aMissingFileIsAnError() throws {
        let site = try TempSite.sample()
        let run = try site.sitegen("edit", "posts/missing", "--set", "title=x")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: no content file \"posts/missing\""))
        #expect(!site.exists("content/posts/missing.md"))
    }

    @Test func usageMistakesExitWithTwo() throws {
        let site = try TempSite.sample()
        for arguments in [
            ["edit"], ["edit", "posts/me-too"], ["edit", "posts/me-too", "--set", "title"],
            ["edit", "posts/me-too", "--set", "=x"],
            ["edit", "posts/me-too", "--set", "a=1", "--set", "a=2"],
            ["edit", "posts/me-too", "--set", "a=1", "--unset", "a"],
            ["edit", "posts/me-too", "--body", "x", "--body-file", "y"],
        ] {
            let run = try Sitegen.run(arguments, in: site.root, environment: ["VISUAL": "", "EDITOR": ""])
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("error: "))
        }
    }
}
