import Foundation
import TestTimeLimits
import Testing

/// What the file system can hold besides plain files and folders: links that
/// loop, named pipes, names that are not UTF-8 or hold control characters.
/// Each is one located error (or warning), never a hang.
@Suite struct FileKindTests {
    /// Runs sitegen in the site, killed after 30 s (stretched by `TimeLimits`) so a hang fails the test
    /// instead of the suite.
    private func sitegen(_ site: TempSite, _ arguments: String...) throws -> RunResult {
        let limit = String(TimeLimits.seconds(30))
        return try Sitegen.run(arguments, in: site.root, launcher: ["/usr/bin/timeout", "-s", "KILL", limit])
    }

    @Test func oneLinkToItsOwnFolderIsOneError() throws {
        let site = try TempSite.sample()
        #expect(symlink(".", site.url("content/posts/self").path) == 0)
        for (command, outcome) in [("build", "nothing was written"), ("check", "the site would not build")] {
            let run = try sitegen(site, command)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(
                run.stderr
                    == "content/posts/self: error: symbolic link loop: this link leads back to content/posts, which holds it\n1 error in 1 file; \(outcome)\n",
                "\(command)")
        }
        #expect(!site.exists("public"))
    }

    @Test func twoLinksToTheContentFolderEndPromptly() throws {
        let site = try TempSite.sample()
        #expect(symlink(".", site.url("content/a").path) == 0)
        #expect(symlink(".", site.url("content/b").path) == 0)
        for (command, outcome) in [("build", "nothing was written"), ("check", "the site would not build")] {
            let run = try sitegen(site, command)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(
                run.stderr.split(separator: "\n") == [
                    "content/a: error: symbolic link loop: this link leads back to content, which holds it",
                    "content/b: error: symbolic link loop: this link leads back to content, which holds it",
                    "2 errors in 2 files; \(outcome)",
                ], "\(command)")
        }
    }

    @Test func aLinkLoopInTemplatesIsOneError() throws {
        let site = try TempSite.sample()
        try FileManager.default.createDirectory(at: site.url("templates/partials"), withIntermediateDirectories: true)
        #expect(symlink("..", site.url("templates/partials/up").path) == 0)
        #expect(symlink("..", site.url("templates/partials/again").path) == 0)
        let run = try sitegen(site, "build")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n") == [
                "templates/partials/again: error: symbolic link leads to templates, which is read already (a loop, or a folder read twice)",
                "templates/partials/up: error: symbolic link leads to templates, which is read already (a loop, or a folder read twice)",
                "2 errors in 2 files; nothing was written",
            ], "\(run.stderr)")
    }

    @Test func aPreviewWithALinkLoopStopsOnSIGTERM() throws {
        let site = try TempSite.sample()
        #expect(symlink(".", site.url("content/a").path) == 0)
        #expect(symlink(".", site.url("content/b").path) == 0)
        let preview = try PreviewProcess(site)  // Waits for the `serving` line, which a looping walk never printed.
        let loop = "content/a: error: symbolic link loop: this link leads back to content, which holds it"
        // stderr has its own pipe: the line may arrive after the `serving` line on stdout.
        #expect(preview.stderr.wait(after: 0, seconds: 30) { $0 == loop } != nil, "\(preview.stderr.all)")
        let started = Date()
        #expect(preview.stop() == 0)
        #expect(Date().timeIntervalSince(started) < TimeLimits.seconds(5))
    }

    @Test func aNamedPipeAsSiteYmlIsAnErrorNotAHang() throws {
        let site = try TempSite.sample()
        try FileManager.default.removeItem(at: site.url("site.yml"))
        #expect(mkfifo(site.url("site.yml").path, 0o644) == 0)
        for command in ["build", "check"] {
            let run = try sitegen(site, command)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(
                run.stderr.hasPrefix(
                    "site.yml: error: cannot read site.yml: not a regular file: it is a named pipe (FIFO)\n"),
                "\(command): \(run.stderr)")
        }
        #expect(!site.exists("public"))
    }

    @Test func aNamedPipeAsATemplateIsAnErrorNotAHang() throws {
        let site = try TempSite.sample()
        try FileManager.default.createDirectory(at: site.url("templates"), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: site.url("templates/post.mustache"))
        #expect(mkfifo(site.url("templates/post.mustache").path, 0o644) == 0)
        let run = try sitegen(site, "build")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "templates/post.mustache: error: cannot read template: not a regular file: it is a named pipe (FIFO)\n1 error in 1 file; nothing was written\n"
        )
        #expect(!site.exists("public"))
    }

    @Test func aTemplateTooLargeToReadSaysWhyInWords() throws {
        let site = try TempSite.sample()
        try site.write("templates/post.mustache", "{{title}}\n")
        #expect(truncate(site.url("templates/post.mustache").path, 10_000_001) == 0)  // Sparse: no disk used.
        let run = try sitegen(site, "build")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "templates/post.mustache: error: cannot read template: it is 10000001 bytes, more than the limit of 10000000\n1 error in 1 file; nothing was written\n"
        )
        #expect(!site.exists("public"))
    }

    @Test func aNameThatIsNotUTF8IsNamedEscaped() throws {
        let site = try TempSite.sample()
        // `caf` and the byte E9 (é in Latin-1), which is no UTF-8.
        let bytes = Array(site.url("content/posts").path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".md\0".utf8)
        let descriptor = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let run = try sitegen(site, "build")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "content/posts/caf\\xE9.md: error: this name is not valid UTF-8; rename it\n1 error in 1 file; nothing was written\n",
            "\(run.stderr)")
    }

    @Test func aNewlineInAFileNameCannotForgeADiagnosticLine() throws {
        let site = try TempSite.sample()
        try site.write(
            "content/posts/x.md\nsite.yml:1:1: error: forged.md", "---\nusername: a\ndate: nonsense\n---\n")
        let run = try sitegen(site, "build")
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("content/posts/x.md\\nsite.yml:1:1: error: forged.md:") == true, "\(run.stderr)")
        #expect(!lines.contains { $0.hasPrefix("site.yml") })
    }
}
