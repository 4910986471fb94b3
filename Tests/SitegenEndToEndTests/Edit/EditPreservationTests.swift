import Foundation
import Testing

/// `sitegen edit --set/--unset/--body` changes only the bytes it names: each
/// file below is written in a different style, and each edit's result is
/// compared byte for byte with the file a careful person would have written.
@Suite struct EditPreservationTests {
    /// Comments, keys in an odd order, single- and double-quoted values, a flow list, a blank line, a comment after a value.
    static let handWritten =
        "---\n# Written by hand; keep this comment.\ntitle: 'Sprint \"one\"'   # single-quoted\ntags: [scrum, \"retro\"]\n\nusername: \"민디고\"\ndate: 2024-03-02\ndraft: false\n---\n첫 스프린트 회고\n\n- 잘한 점\n"

    /// A byte order mark, CRLF line endings, quoted values, a comment last, and no final newline.
    static let windows = "\u{FEFF}---\r\nusername: 'u'\r\ntitle: \"Hello\"\r\n# note\r\n---\r\nline one\r\nline two"

    /// Keys indented by two spaces, a block list with a comment, a folded block scalar followed by a blank line.
    static let indented =
        "---\n  username: 쵸비\n  tags:\n    - 회고\n    - 야식   # late\n  title: >\n    folded\n    title\n\n  draft: false\n---\n본문\n"

    /// Writes `original` as a post, runs `sitegen edit` on it, and checks the exact bytes and that nothing else was left behind.
    private func expectEdit(_ original: String, _ arguments: [String], gives expected: String) throws {
        let site = try TempSite.sample()
        try site.write("content/posts/styled.md", original)
        let before = try site.names(in: "content/posts")
        let run = try Sitegen.run(["edit", "posts/styled"] + arguments, in: site.root)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        #expect(run.stdout == "edited content/posts/styled.md\n")
        let result = try site.bytes("content/posts/styled.md")
        #expect(
            result == Array(expected.utf8),
            "\(arguments) gave \(String(decoding: result, as: UTF8.self).debugDescription)")
        #expect(try site.names(in: "content/posts") == before)
    }

    @Test func setKeepsCommentsOrderQuotingAndBlankLines() throws {
        try expectEdit(
            Self.handWritten, ["--set", "title=Sprint two", "--set", "draft=true"],
            gives:
                "---\n# Written by hand; keep this comment.\ntitle: Sprint two   # single-quoted\ntags: [scrum, \"retro\"]\n\nusername: \"민디고\"\ndate: 2024-03-02\ndraft: true\n---\n첫 스프린트 회고\n\n- 잘한 점\n"
        )
    }

    @Test func unsetKeepsCommentsOrderQuotingAndBlankLines() throws {
        try expectEdit(
            Self.handWritten, ["--unset", "tags"],
            gives:
                "---\n# Written by hand; keep this comment.\ntitle: 'Sprint \"one\"'   # single-quoted\n\nusername: \"민디고\"\ndate: 2024-03-02\ndraft: false\n---\n첫 스프린트 회고\n\n- 잘한 점\n"
        )
    }

    @Test func bodyKeepsTheFrontMatterByteForByte() throws {
        try expectEdit(
            Self.handWritten, ["--body", "새 본문\n"],
            gives:
                "---\n# Written by hand; keep this comment.\ntitle: 'Sprint \"one\"'   # single-quoted\ntags: [scrum, \"retro\"]\n\nusername: \"민디고\"\ndate: 2024-03-02\ndraft: false\n---\n새 본문\n"
        )
    }

    @Test func setKeepsByteOrderMarkCRLFAndMissingFinalNewline() throws {
        try expectEdit(
            Self.windows, ["--set", "title=a: b", "--set", "date=2024-05-01"],
            gives:
                "\u{FEFF}---\r\nusername: 'u'\r\ntitle: \"a: b\"\r\n# note\r\ndate: 2024-05-01\r\n---\r\nline one\r\nline two"
        )
    }

    @Test func unsetKeepsByteOrderMarkCRLFAndMissingFinalNewline() throws {
        try expectEdit(
            Self.windows, ["--unset", "title"],
            gives: "\u{FEFF}---\r\nusername: 'u'\r\n# note\r\n---\r\nline one\r\nline two")
    }

    @Test func bodyKeepsByteOrderMarkAndCRLFFrontMatter() throws {
        try expectEdit(
            Self.windows, ["--body", "only line"],
            gives: "\u{FEFF}---\r\nusername: 'u'\r\ntitle: \"Hello\"\r\n# note\r\n---\r\nonly line")
    }

    @Test func setKeepsIndentationAndBlockStyles() throws {
        try expectEdit(
            Self.indented, ["--set", "title=짧은 제목", "--set", "date=2024-01-01"],
            gives:
                "---\n  username: 쵸비\n  tags:\n    - 회고\n    - 야식   # late\n  title: 짧은 제목\n\n  draft: false\n  date: 2024-01-01\n---\n본문\n"
        )
    }

    @Test func unsetRemovesAWholeBlockListAndKeepsTheRest() throws {
        try expectEdit(
            Self.indented, ["--unset", "tags", "--unset", "title"],
            gives: "---\n  username: 쵸비\n\n  draft: false\n---\n본문\n")
    }

    @Test func bodyFromAFileKeepsIndentedFrontMatter() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/styled.md", Self.indented)
        try site.write("new-body.md", "# 제목\r\n\r\n본문 without final newline")
        let run = try site.sitegen("edit", "content/posts/styled.md", "--body-file", "new-body.md")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try site.bytes("content/posts/styled.md")
                == Array(
                    "---\n  username: 쵸비\n  tags:\n    - 회고\n    - 야식   # late\n  title: >\n    folded\n    title\n\n  draft: false\n---\n# 제목\r\n\r\n본문 without final newline"
                        .utf8))
    }

    @Test func bodyFromStandardInput() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/styled.md", Self.windows)
        let run = try site.sitegen("edit", "posts/styled.md", "--body-file", "-", stdin: "piped\r\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try site.bytes("content/posts/styled.md")
                == Array("\u{FEFF}---\r\nusername: 'u'\r\ntitle: \"Hello\"\r\n# note\r\n---\r\npiped\r\n".utf8))
    }

    @Test func valuesAreQuotedOnlyWhenTheyMustBe() throws {
        try expectEdit(
            "---\nusername: u\n---\n", ["--set", "title=yes", "--add", "tags=#1", "--set", "date=2024-05-01"],
            gives: "---\nusername: u\ntitle: \"yes\"\ndate: 2024-05-01\ntags: [\"#1\"]\n---\n")
        try expectEdit(
            "---\nusername: u\n---\n", ["--set", "title=two\nlines"],
            gives: "---\nusername: u\ntitle: \"two\\nlines\"\n---\n")
    }

    @Test func numbersAreWrittenPlain() throws {
        let site = try TempSite.sample()
        try site.write("content/menu/x.md", "---\nname: X   # the dish\nprice: \"33000\"  # won\n---\n")
        let run = try site.sitegen("edit", "menu/x", "--set", "price=35000")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try site.bytes("content/menu/x.md") == Array("---\nname: X   # the dish\nprice: 35000  # won\n---\n".utf8))
    }

    @Test func aFileWithoutFrontMatterGetsOne() throws {
        let site = try TempSite.sample()
        try site.write("content/notes.md", "Just text.\n")
        let run = try site.sitegen("edit", "notes", "--set", "title=Notes")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.bytes("content/notes.md") == Array("---\ntitle: Notes\n---\nJust text.\n".utf8))
    }

    @Test func aLinkedFileIsEditedThroughItsLinkAndStaysALink() throws {
        let site = try TempSite.sample()
        try site.write("content/shared/real.md", "---\ntitle: Real\n---\n")
        try FileManager.default.createSymbolicLink(
            atPath: site.url("content/linked.md").path, withDestinationPath: "shared/real.md")
        let run = try site.sitegen("edit", "linked", "--set", "title=Changed")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.bytes("content/shared/real.md") == Array("---\ntitle: Changed\n---\n".utf8))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: site.url("content/linked.md").path)
                == "shared/real.md")
    }

    @Test func permissionsAreKept() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/private.md", "---\nusername: u\n---\n")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o600], ofItemAtPath: site.url("content/posts/private.md").path)
        #expect(try site.sitegen("edit", "posts/private", "--set", "title=T").status == 0)
        let mode =
            try FileManager.default.attributesOfItem(atPath: site.url("content/posts/private.md").path)[
                .posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func theEditedSiteStillBuilds() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("edit", "menu/대방어", "--set", "price=35000").status == 0)
        let build = try site.sitegen("build")
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try site.read("public/menu/index.html").contains("35,000원"))
    }
}
