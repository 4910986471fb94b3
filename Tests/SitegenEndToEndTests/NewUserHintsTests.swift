import Foundation
import Testing

/// What a new user (often coming from another generator) gets wrong first, and the
/// message that says how to fix it.
@Suite struct NewUserHintsTests {
    private static let settings = "title: Hints\nbase_url: https://example.org/\nlanguage: en\n"

    @Test func anAuthorFieldPointsAtUsername() throws {
        let site = try TempSite.with([
            "site.yml": Self.settings,
            "content/posts/a.md": "---\nusername: kim\ntitle: A\nauthor: Kim\ndate: 2024-01-01\n---\nA.\n",
        ])
        let run = try site.sitegen("build", "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr
                == "content/posts/a.md:4:1: warning: a post has no field \"author\"; it is ignored; did you mean \"username\"?\n"
        )
    }

    @Test func aValueWithAColonSaysToQuoteIt() throws {
        let post = "---\nusername: kim\ntitle: Scrum: a \"study\"\ndate: 2024-01-01\n---\nA.\n"
        let site = try TempSite.with(["site.yml": Self.settings, "content/posts/a.md": post])
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                content/posts/a.md:3:13: error: invalid YAML in front matter: mapping values are not allowed in this \
                context; a value with ": " in it must be quoted, as in: title: "Scrum: a \\"study\\""
                1 error in 1 file; nothing was written

                """)
        #expect(!site.exists("public"))
    }

    @Test func aLanguageThatIsNotALanguageTagIsRefused() throws {
        for (value, hint) in [("english", "; did you mean \"en\"?"), ("en_GB", "; did you mean \"en-GB\"?"), ("e", "")]
        {
            let site = try TempSite.with([
                "site.yml": "title: Hints\nbase_url: https://example.org/\nlanguage: \(value)\n"
            ])
            let run = try site.sitegen("build")
            #expect(run.status == 1, "\(value)")
            #expect(
                run.stderr == """
                    site.yml:3:11: error: language must be a BCP 47 language tag such as en, ko or en-GB (the built-in \
                    theme has words for en and ko), got "\(value)"\(hint)
                    1 error in 1 file; nothing was written

                    """, "\(value)")
            #expect(!site.exists("public"))
        }
        for value in ["en", "ko", "ko-KR", "en-GB", "zh-Hant-TW", "fr"] {
            let site = try TempSite.with([
                "site.yml": "title: Hints\nbase_url: https://example.org/\nlanguage: \(value)\n"
            ])
            let run = try site.sitegen("build", "--quiet")
            #expect(run.status == 0 && run.stderr.isEmpty, "\(value): \(run.stderr)")
            #expect(try site.read("public/index.html").contains("<html lang=\"\(value)\""), "\(value)")
        }
    }

    /// A draft `edit` keeps (here: the editor failed) is ignored by git in a site `init` made.
    @Test func keptDraftsAreIgnoredByGitInANewSite() throws {
        let folder = try TempSite.with([:])
        #expect(try folder.sitegen("init", "site", "--username", "kim").status == 0)
        let site = folder.url("site")
        let editor = try folder.script("crash.sh", "printf 'typed\\n' >> \"$1\"\nexit 3\n")
        let edit = try Sitegen.run(["edit", "posts/hello-world"], in: site, environment: ["VISUAL": editor])
        #expect(edit.status == 1 && edit.stderr.contains("your draft is kept at"), "\(edit.stderr)")
        let drafts = try folder.names(in: "site/content/posts").filter { $0.contains(".sitegen-draft-") }
        let draft = try #require(drafts.first)
        #expect(try Self.git(["init", "--quiet"], in: site).status == 0)
        let ignored = try Self.git(["check-ignore", "content/posts/" + draft], in: site)
        #expect(ignored.status == 0 && ignored.stdout == "content/posts/\(draft)\n", "\(ignored)")
        let post = try Self.git(["check-ignore", "content/posts/hello-world.md"], in: site)
        #expect(post.status == 1, "the post itself is not ignored")
    }

    /// Runs git in `folder`: its exit status and output.
    private static func git(_ arguments: [String], in folder: URL) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self))
    }
}
