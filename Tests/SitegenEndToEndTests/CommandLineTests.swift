import Foundation
import Testing

/// Usage, help and version: exit codes 0 and 2 and what is printed.
@Suite struct CommandLineTests {
    @Test func versionPrintsTheVersion() throws {
        let run = try Sitegen.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("sitegen "))
    }

    @Test func everyCommandHasHelp() throws {
        for command in ["build", "check", "new", "edit", "primes", "render"] {
            let run = try Sitegen.run([command, "--help"])
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("usage: sitegen \(command)"))
        }
    }

    @Test func unknownOptionIsAUsageError() throws {
        let run = try Sitegen.run(["build", "--fast"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: unknown option --fast\nusage: sitegen build"))
    }

    @Test func optionWithoutItsValueIsAUsageError() throws {
        let run = try Sitegen.run(["build", "--output"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: --output needs a value\n"))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let run = try Sitegen.run(["bild"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: unknown command \"bild\""))
    }

    @Test func missingSiteFolderIsAUsageError() throws {
        let run = try Sitegen.run(["build", "--site", "/nonexistent/site"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("site folder /nonexistent/site does not exist"))
    }

    @Test func folderWithoutSiteYmlIsAnError() throws {
        let site = try TempSite.with(["content/about.md": "hi\n"])
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("site.yml: error: no site.yml here"))
    }

    @Test func checkReportsWithoutWriting() throws {
        let site = try TempSite.sample()
        try site.write("content/menu/x.md", "---\nname: X\nprice: abc\n---\n")
        let run = try site.sitegen("check")
        #expect(run.status == 1)
        #expect(run.stderr.contains("content/menu/x.md:3:8: error: price must be a whole number of won, got \"abc\""))
        #expect(!site.exists("public"))
        try site.write("content/menu/x.md", "---\nname: X\nprice: 1\n---\n")
        let clean = try site.sitegen("check")
        #expect(clean.status == 0)
        #expect(!site.exists("public"))
    }
}
