import Foundation
import Testing

/// `sitegen new post|menu|profile`: the file it creates, and that it never overwrites one.
@Suite struct NewCommandTests {
    @Test func aNewPostHasTheDefaultUsernameAndTodaysDate() throws {
        let site = try TempSite.sample()
        let before = Date()
        let run = try site.sitegen("new", "post", "--title", "스프린트 계획", "이번 주 목표")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "content/posts/스프린트-계획.md\n")
        let text = try site.read("content/posts/스프린트-계획.md")
        let match = try #require(
            text.wholeMatch(of: /---\nusername: 유저 이름\ntitle: 스프린트 계획\ndate: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)\n---\n이번 주 목표\n/))
        let date = try #require(ISO8601DateFormatter().date(from: String(match.1)))
        #expect(date >= before.addingTimeInterval(-1) && date <= Date().addingTimeInterval(1))
    }

    @Test func aNewPostKeepsTheUsernameGivenAndBuilds() throws {
        let site = try TempSite.sample()
        try site.write("post.md", "Body from a file.\n")
        let run = try site.sitegen("new", "post", "--username", "쵸비", "--slug", "from-file", "--body-file", "post.md")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/posts/from-file.md").hasPrefix("---\nusername: 쵸비\ndate: "))
        #expect(try site.read("content/posts/from-file.md").hasSuffix("---\nBody from a file.\n"))
        #expect(try site.sitegen("build").status == 0)
        #expect(site.exists("public/posts/from-file/index.html"))
    }

    @Test func aNewMenuItemAndProfile() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("new", "menu", "--name", "대방어 정식", "--price", "45000").stdout == "content/menu/대방어-정식.md\n")
        #expect(try site.bytes("content/menu/대방어-정식.md") == Array("---\nname: 대방어 정식\nprice: 45000\n---\n".utf8))
        #expect(try site.sitegen("new", "profile", "--name", "Lee", "--bio", "no").stdout == "content/profiles/lee.md\n")
        #expect(try site.bytes("content/profiles/lee.md") == Array("---\nname: Lee\nbio: \"no\"\n---\n".utf8))
        #expect(try site.names(in: "content/menu").filter { $0.hasPrefix(".") } == [])
    }

    @Test func anExistingFileIsNeverOverwritten() throws {
        let site = try TempSite.sample()
        let before = try site.identity("content/menu/대방어.md")
        let run = try site.sitegen("new", "menu", "--name", "대방어", "--price", "1")
        #expect(run.status == 1)
        #expect(run.stderr == "error: content/menu/대방어.md already exists; nothing was written (choose another name with --slug)\n")
        #expect(try site.identity("content/menu/대방어.md") == before)
    }

    @Test func anInvalidPriceIsRefusedWithBuildsMessage() throws {
        let site = try TempSite.sample()
        let run = try site.sitegen("new", "menu", "--name", "X", "--price", "abc")
        #expect(run.status == 1)
        #expect(run.stderr == "content/menu/x.md:3:8: error: price must be a whole number of won, got \"abc\"\n1 error in 1 file; nothing was written\n")
        #expect(!site.exists("content/menu/x.md"))
    }

    @Test func anUnsafeSlugIsRefused() throws {
        let site = try TempSite.sample()
        let run = try site.sitegen("new", "post", "--slug", "../escape")
        #expect(run.status == 1)
        #expect(run.stderr == "error: cannot use \"../escape\" as a slug: names starting with \".\" are hidden files\n")
        #expect(try site.names(in: "content/posts") == [
            "backlog-tips.md", "first-sprint.md", "hello-from-steve.md", "late-night-snack.md", "me-too.md", "scrum-study.md",
        ])
    }

    @Test func aMissingSectionFolderIsCreated() throws {
        let site = try TempSite.with(["site.yml": "title: T\n", "content/index.md": "Hi\n"])
        let run = try site.sitegen("new", "profile", "--name", "Kim")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(site.exists("content/profiles/kim.md"))
    }

    @Test func usageMistakesExitWithTwo() throws {
        let site = try TempSite.sample()
        for arguments in [
            ["new"], ["new", "page"], ["new", "menu", "--name", "X"], ["new", "profile"], ["new", "post", "--price", "1"],
            ["new", "post", "text", "--body-file", "f"],
        ] {
            let run = try Sitegen.run(arguments, in: site.root)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
        }
    }
}
