import Foundation
import Testing

/// The exit status of each way a run ends, through the binary: 0 done, 1 the site
/// or a file refused (nothing written), 2 the command line is wrong.
@Suite struct ExitStatusTests {
    static let commands = ["init", "build", "check", "new", "edit", "primes", "theme", "render"]

    @Test func successIsZeroWithNothingOnStderr() throws {
        let site = try TempSite.sample()
        for arguments in [["build", "--quiet"], ["check"], ["--version"], ["--help"], ["primes", "count", "9"]] {
            let run = try site.sitegen(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.stderr == "", "\(arguments)")
        }
    }

    @Test(arguments: commands)
    func anUnknownOptionIsTwoWithTheCommandsUsage(_ command: String) throws {
        let site = try TempSite.sample()
        let before = site.files(under: ".")
        let run = try site.sitegen(command, "--no-such-option")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: unknown option --no-such-option\nusage: sitegen \(command)"))
        #expect(run.stderr.hasSuffix("Run `sitegen \(command) --help` for more.\n"))
        #expect(run.stdout == "")
        #expect(site.files(under: ".") == before)
    }

    @Test func noCommandOrAnUnknownOneIsTwo() throws {
        let none = try Sitegen.run([])
        #expect(none.status == 2)
        #expect(none.stdout.hasPrefix("usage: sitegen <command> [options]\n"))
        let unknown = try Sitegen.run(["publish"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: unknown command \"publish\"\nusage: sitegen <command>"))
    }

    @Test func aSiteErrorIsOneWithItsDiagnosticsAndNothingWritten() throws {
        let site = try TempSite.sample()
        try site.write("content/menu/x.md", "---\nname: X\nprice: abc\n---\n")
        for command in ["build", "check"] {
            let run = try site.sitegen(command)
            #expect(run.status == 1, "\(command)")
            #expect(
                run.stderr.hasPrefix("content/menu/x.md:3:8: error: price must be a whole number of won, got \"abc\"\n")
            )
            #expect(run.stdout == "")
        }
        #expect(!site.exists("public"))
    }

    @Test func aRefusedEditIsOneAndLeavesTheFile() throws {
        let site = try TempSite.sample()
        let before = try site.read("content/primes.md")
        let run = try site.sitegen("primes", "add", "4")
        #expect(run.status == 1)
        #expect(run.stderr == "content/primes.md: error: 4 is not prime\n1 error in 1 file; nothing was written\n")
        #expect(try site.read("content/primes.md") == before)
    }

    @Test func aRefusedNewFileIsOneWithItsMessage() throws {
        let site = try TempSite.sample()
        let run = try site.sitegen("new", "menu", "--name", "대방어", "--price", "1", "--slug", "대방어")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: content/menu/대방어.md already exists; nothing was written (choose another name with --slug)\n")
    }

    @Test func aFailedEditorIsOne() throws {
        let site = try TempSite.sample()
        let before = try site.read("content/posts/scrum-study.md")
        let run = try site.sitegen(["edit", "posts/scrum-study"], environment: ["EDITOR": "false", "VISUAL": ""])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("the editor exited with status 1: cancelled, nothing changed\n"))
        #expect(try site.read("content/posts/scrum-study.md") == before)
    }

    @Test func aFolderThatIsNotEmptyIsOneForInitAndThemeExport() throws {
        let site = try TempSite.with(["taken/home.mustache": "mine\n"])
        let theme = try site.sitegen("theme", "export", "taken")
        #expect(theme.status == 1)
        #expect(theme.stderr.hasPrefix("error: "))
        #expect(
            theme.stderr.hasSuffix(
                "taken already has home.mustache; nothing was written (move them away or pick another folder)\n"))
        let initialized = try site.sitegen("init", "taken")
        #expect(initialized.status == 1)
        #expect(
            initialized.stderr.hasSuffix("init starts a site only in an empty or new folder; nothing was written\n"))
        #expect(site.files(under: "taken") == ["home.mustache"])
    }

    @Test func aTemplateErrorIsOneForRender() throws {
        let site = try TempSite.with(["bad.mustache": "{{#a}}", "data.yml": "a: 1\n"])
        let run = try site.sitegen("render", "bad.mustache", "--data", "data.yml")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasSuffix(
                "bad.mustache:1:1: error: unclosed section \"a\"\n1 error in 1 file; nothing was rendered\n"))
        #expect(run.stdout == "")
    }
}
