import Foundation
import Testing

/// Broken and hostile content: a clean diagnostic naming the file, exit 1,
/// nothing written — never a crash, a hang or runaway memory.
@Suite struct HostileInputTests {
    private func expectRefused(_ path: String, bytes: [UInt8], message: String) throws {
        let site = try TempSite.sample()
        try site.writeBytes(path, bytes)
        let run = try site.sitegen("build")
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func nulByteIsRefused() throws {
        try expectRefused(
            "content/posts/nul.md", bytes: Array("---\nusername: a\n---\nab".utf8) + [0] + [0x63],
            message: "content/posts/nul.md:4:3: error: file contains a NUL byte; is it a binary file?")
    }

    @Test func emptyFrontMatterMissesTheRequiredField() throws {
        try expectRefused(
            "content/posts/empty.md", bytes: Array("---\n---\nHello\n".utf8),
            message: "content/posts/empty.md:1:1: error: missing required field \"username\"")
    }

    @Test func aliasBombIsRefused() throws {
        var yaml = "username: a\nx0: &x0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            yaml +=
                "x\(level): &x\(level) [" + Array(repeating: "*x\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        try expectRefused(
            "content/posts/bomb.md", bytes: Array("---\n\(yaml)---\n".utf8),
            message: "content/posts/bomb.md:")
        let site = try TempSite.sample()
        try site.write("content/posts/bomb.md", "---\n\(yaml)---\n")
        #expect(try site.sitegen("build").stderr.contains("is this an alias bomb?"))
    }

    @Test func tenThousandDeepNestingIsRefused() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        try expectRefused(
            "content/posts/deep.md", bytes: Array("---\nusername: a\ntags: \(deep)\n---\n".utf8),
            message: "content/posts/deep.md:3:")
    }

    @Test func fileOverTheSizeLimitIsRefusedUnread() throws {
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 50_000_000)
        try expectRefused(
            "content/posts/huge.md", bytes: Array("---\nusername: a\n---\n".utf8) + line,
            message: "content/posts/huge.md: error: file is 50000020 bytes, larger than max_file_size (10000000)")
    }

    @Test func fiftyMegabyteLineBuildsWhenTheLimitAllowsIt() throws {
        let site = try TempSite.sample()
        try site.write("site.yml", try site.read("site.yml") + "max_file_size: 60000000\n")
        try site.writeBytes(
            "content/posts/long.md",
            Array("---\nusername: a\n---\n".utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: 50_000_000))
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func twoFilesWithOneAddressAreRefused() throws {
        let site = try TempSite.sample()
        try site.write("content/posts.md", "---\ntitle: Posts\n---\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "content/posts.md: error: two pages would be written to posts/index.html: this file and sitegen's own page"
            ))
    }

    @Test func namesDifferingOnlyInCaseCollide() throws {
        let site = try TempSite.sample()
        try site.write("content/menu/Kimchi.md", "---\nname: A\nprice: 1\n---\n")
        try site.write("content/menu/kimchi.md", "---\nname: B\nprice: 2\n---\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(run.stderr.contains("two pages would be written to menu/"))
    }

    @Test func dotDotInAFileNameIsRefused() throws {
        try expectRefused(
            "content/posts/a..b.md", bytes: Array("---\nusername: a\n---\n".utf8),
            message:
                "content/posts/a..b.md: error: cannot use this file name as a page address: \"..\" is not allowed in a name"
        )
    }

    @Test func controlCharacterInAFileNameIsRefused() throws {
        try expectRefused(
            "content/posts/bell\u{7}.md", bytes: Array("---\nusername: a\n---\n".utf8),
            message:
                "error: cannot use this file name as a page address: control character U+7 is not allowed in a name")
    }

    @Test func symlinkLeavingTheSiteIsRefused() throws {
        let site = try TempSite.sample()
        let outside = try TempSite.with(["secret.md": "---\nusername: x\n---\nsecret\n"])
        try FileManager.default.createSymbolicLink(
            at: site.url("content/posts/leak.md"), withDestinationURL: outside.url("secret.md"))
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(run.stderr.contains("content/posts/leak.md: error: symbolic link leads outside the site folder"))
        #expect(!site.exists("public"))
    }

    @Test func symlinkInsideTheSiteIsFollowed() throws {
        let site = try TempSite.sample()
        try site.write("drafts/hello.md", "---\nusername: x\ntitle: Linked\n---\n")
        try FileManager.default.createSymbolicLink(
            at: site.url("content/posts/linked.md"), withDestinationURL: site.url("drafts/hello.md"))
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/posts/linked/index.html").contains("Linked"))
    }

    @Test func filesInTheFolderOfNoItemAreIgnoredWithAWarning() throws {
        let site = try TempSite.sample()
        try site.writeBytes("content/posts/gone/photo.jpg", [0xFF, 0xD8, 0xFF])
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "content/posts/gone/photo.jpg: warning: this file is in the folder of no item (content/posts/gone/index.md or content/posts/gone.md); ignored\n"
        )
        #expect(!site.exists("public/posts/gone"))
    }

    @Test func editorAndSitegenTempFilesAreIgnoredSilently() throws {
        let site = try TempSite.sample()
        for name in [".#x.md", "x.md~", ".x.md.swp", "#x.md#", ".x.md.sitegen-1234.tmp"] {
            try site.write("content/posts/\(name)", "garbage: [\n")
        }
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
    }
}
