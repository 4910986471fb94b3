import Foundation
import Testing

/// Each content problem: the exact message and place, exit 1, and nothing written.
@Suite struct DiagnosticsTests {
    /// Builds a sample site with one file replaced; returns the run and the site.
    private func build(with path: String, _ text: String) throws -> (RunResult, TempSite) {
        let site = try TempSite.sample()
        try site.write(path, text)
        return (try site.sitegen("build"), site)
    }

    private func expectFailure(_ run: RunResult, _ site: TempSite, line: String) {
        #expect(run.status == 1)
        #expect(run.stderr.contains(line + "\n"), "stderr was: \(run.stderr)")
        #expect(run.stderr.hasSuffix("nothing was written\n"))
        #expect(!site.exists("public"))
        #expect(run.stdout.isEmpty)
    }

    /// A file that does not load hides nothing else: the links of the files that did are checked in the same run.
    @Test func aLoadErrorAndABrokenLinkElsewhereAreReportedInOneRun() throws {
        let site = try TempSite.sample()
        try site.write("content/menu/x.md", "---\nname: X\nprice: abc\n---\n")
        try site.write(
            "content/posts/linker.md", "---\nusername: u\n---\nSee [gone](/nowhere/) and [x](../menu/x.md).\n")
        for command in ["build", "check"] {
            let run = try site.sitegen(command)
            #expect(run.status == 1)
            #expect(
                run.stderr.split(separator: "\n").map(String.init) == [
                    "content/menu/x.md:3:8: error: price must be a whole number of won, got \"abc\"",
                    "content/posts/linker.md:4:5: error: broken link /nowhere/: no page or file of this site is at /nowhere/",
                    command == "build"
                        ? "2 errors in 2 files; nothing was written" : "2 errors in 2 files; the site would not build",
                ], "\(command): \(run.stderr)")
        }
        #expect(!site.exists("public"))
    }

    @Test func missingRequiredFieldIsReportedAtTheTopOfTheFile() throws {
        let (run, site) = try build(with: "content/posts/nameless.md", "---\ntitle: Who wrote this?\n---\nBody\n")
        expectFailure(run, site, line: "content/posts/nameless.md:1:1: error: missing required field \"username\"")
    }

    @Test func priceThatIsNotANumberIsReportedAtTheValue() throws {
        let (run, site) = try build(with: "content/menu/x.md", "---\nname: X\nprice: abc\n---\n")
        expectFailure(run, site, line: "content/menu/x.md:3:8: error: price must be a whole number of won, got \"abc\"")
    }

    @Test func quotedPriceIsAccepted() throws {
        let (run, site) = try build(with: "content/menu/x.md", "---\nname: X\nprice: \"33000\"\n---\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("public/menu/x/index.html").contains("33,000원"))
    }

    @Test func negativePriceIsRefused() throws {
        let (run, site) = try build(with: "content/menu/x.md", "---\nname: X\nprice: -5\n---\n")
        expectFailure(run, site, line: "content/menu/x.md:3:8: error: price must be at least 0, got -5")
    }

    @Test func countThatIsNotANumberIsReported() throws {
        let (run, site) = try build(with: "content/primes.md", "---\ncount: seven\nfavorites: [2]\n---\n")
        expectFailure(run, site, line: "content/primes.md:2:8: error: count must be a whole number, got \"seven\"")
    }

    @Test func favoriteThatIsNotPrimeIsReported() throws {
        let (run, site) = try build(with: "content/primes.md", "---\ncount: 1\nfavorites: [2, 4]\n---\n")
        expectFailure(run, site, line: "content/primes.md:3:16: error: favorite 4 is not prime")
    }

    @Test func duplicateFavoriteIsReported() throws {
        let (run, site) = try build(with: "content/primes.md", "---\ncount: 1\nfavorites:\n  - 3\n  - 3\n---\n")
        expectFailure(run, site, line: "content/primes.md:5:5: error: favorite 3 is listed twice (first on line 4)")
    }

    @Test func yamlSyntaxErrorUsesLibyamlsPlace() throws {
        let (run, site) = try build(with: "content/posts/bad.md", "---\nusername: a\ntitle: [unclosed\n---\n")
        expectFailure(
            run, site,
            line:
                "content/posts/bad.md:4:1: error: invalid YAML in front matter: did not find expected ',' or ']' (while parsing a flow sequence)"
        )
    }

    @Test func unclosedFrontMatterIsReported() throws {
        let (run, site) = try build(with: "content/posts/open.md", "---\nusername: a\n\nNo closing line.\n")
        expectFailure(
            run, site,
            line:
                "content/posts/open.md:1:1: error: front matter is not closed; add a line \"---\" after the last field (or remove this line if the file has no front matter)"
        )
    }

    @Test func fileThatIsNotUTF8IsReportedAtTheBadByte() throws {
        let site = try TempSite.sample()
        try site.writeBytes(
            "content/posts/latin1.md", Array("---\nusername: caf".utf8) + [0xE9] + Array("\n---\n".utf8))
        let run = try site.sitegen("build")
        expectFailure(
            run, site,
            line: "content/posts/latin1.md:2:14: error: file is not valid UTF-8 (byte 0xE9 here); save it as UTF-8")
    }

    @Test func frontMatterAfterABlankLineIsNotRecognisedAndSaysWhy() throws {
        let (run, site) = try build(with: "content/posts/late.md", "\n---\nusername: 프렘\ntitle: Late\n---\nBody\n")
        expectFailure(
            run, site,
            line:
                "content/posts/late.md:2:1: error: front matter not recognised: front matter must start on the first line; this file has a blank line before `---`"
        )
        #expect(run.stderr.hasSuffix("\n1 error in 1 file; nothing was written\n"), "\(run.stderr)")
    }

    @Test func frontMatterAfterWhitespaceLinesOfAPageIsNotRecognised() throws {
        let (run, site) = try build(with: "content/about.md", "  \r\n\t\r\n---\r\ntitle: About\r\n---\r\nHi\r\n")
        expectFailure(
            run, site,
            line:
                "content/about.md:3:1: error: front matter not recognised: front matter must start on the first line; this file has 2 blank lines before `---`"
        )
    }

    @Test func aRuleAfterABlankLineIsStillMarkdown() throws {
        let (run, site) = try build(with: "content/about.md", "\n---\nJust a paragraph between rules.\n\n---\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try site.read("public/about/index.html").contains("<hr />\n<p>Just a paragraph between rules.</p>\n<hr />"))
    }

    @Test func utf16WithoutAByteOrderMarkIsNamed() throws {
        let site = try TempSite.sample()
        let text = "---\nusername: 프렘\n---\nBody\n"
        try site.writeBytes("content/posts/wide.md", Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        expectFailure(
            try site.sitegen("build"), site,
            line:
                "content/posts/wide.md:1:1: error: front matter not recognised: file is UTF-16; sitegen reads UTF-8 (save it as UTF-8)"
        )
    }

    @Test func utf16WithAByteOrderMarkIsNamed() throws {
        let site = try TempSite.sample()
        let text = "---\ntitle: About\n---\nHi\n"
        try site.writeBytes(
            "content/about.md", [0xFE, 0xFF] + Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        expectFailure(
            try site.sitegen("build"), site,
            line:
                "content/about.md:1:1: error: front matter not recognised: file is UTF-16; sitegen reads UTF-8 (save it as UTF-8)"
        )
    }

    @Test func utf16WithoutFrontMatterIsNamedToo() throws {
        let site = try TempSite.sample()
        try site.writeBytes(
            "content/about.md", [0xFF, 0xFE] + Array("# 소개\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        expectFailure(
            try site.sitegen("build"), site,
            line: "content/about.md:1:1: error: file is UTF-16; sitegen reads UTF-8 (save it as UTF-8)")
    }

    @Test func everyProblemIsReportedInOneRunSortedWithASummary() throws {
        let site = try TempSite.sample()
        try site.write("content/menu/x.md", "---\nname: X\nprice: abc\n---\n")
        try site.write("content/posts/nameless.md", "---\ntitle: t\n---\n")
        try site.write("content/primes.md", "---\ncount: seven\nfavorites: [4]\n---\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(lines)")
        #expect(
            lines.dropLast().map { $0.prefix { $0 != ":" } } == [
                "content/menu/x.md", "content/posts/nameless.md", "content/primes.md", "content/primes.md",
            ])
        #expect(lines.last == "4 errors in 3 files; nothing was written")
    }

    @Test func failedBuildLeavesThePreviousOutputAsItWas() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        let before = try site.read("public/menu/index.html")
        try site.write("content/menu/x.md", "---\nname: X\nprice: abc\n---\n")
        #expect(try site.sitegen("build").status == 1)
        #expect(try site.read("public/menu/index.html") == before)
    }
}
