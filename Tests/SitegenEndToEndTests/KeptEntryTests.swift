import Foundation
import Testing

/// `.git`, `CNAME` and `keep:` entries move from the old output to the new
/// one at the swap; when one of them cannot be moved, every one already
/// moved goes back, and the report says the previous output is unchanged.
@Suite struct KeptEntryTests {
    /// Whether this machine lets the test make a file immutable (`chattr +i`: root on ext4 and the like).
    static let canMakeImmutable: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-chattr-\(UUID().uuidString)")
        try? Data("x".utf8).write(to: probe)
        defer {
            _ = try? Self.chattr("-i", probe.path)
            try? FileManager.default.removeItem(at: probe)
        }
        return (try? Self.chattr("+i", probe.path)) == 0
    }()

    @discardableResult
    static func chattr(_ flag: String, _ path: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["chattr", flag, path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(.enabled(if: canMakeImmutable, "needs chattr +i (root on a file system that supports it)"))
    func aKeptEntryThatCannotBeMovedLeavesEveryKeptEntryWhereItWas() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build", "--quiet").status == 0)
        try site.write("public/.git/HEAD", "ref: refs/heads/gh-pages\n")
        try site.write("public/CNAME", "club.example.org\n")
        let before = TreeDigest(site.url("public"))
        try Self.chattr("+i", site.url("public/CNAME").path)  // `.git` moves first, then CNAME fails.
        defer { _ = try? Self.chattr("-i", site.url("public/CNAME").path) }
        try site.write("content/posts/me-too.md", try site.read("content/posts/me-too.md") + "\nMore.\n")

        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "/public/CNAME: cannot be moved into the new output (Operation not permitted); sitegen keeps .git, CNAME "
                    + "and keep: entries by moving them from build to build, so it may be immutable or append-only "
                    + "(lsattr shows it; chattr -i clears it); the previous output is unchanged"), "\(run.stderr)")
        #expect(TreeDigest(site.url("public")) == before)
        #expect(try site.read("public/.git/HEAD") == "ref: refs/heads/gh-pages\n")

        try Self.chattr("-i", site.url("public/CNAME").path)
        #expect(try site.sitegen("build", "--quiet").status == 0)
        #expect(try site.read("public/.git/HEAD") == "ref: refs/heads/gh-pages\n")
        #expect(try site.read("public/CNAME") == "club.example.org\n")
        #expect(try site.read("public/posts/me-too/index.html").contains("More."))
    }

    /// Whether the test can run the build as another user (`setpriv`, as root): root may move any folder.
    static let canDropPrivileges = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// Runs `sitegen build` in the site as the user `nobody`.
    private static func buildAsNobody(_ site: TempSite) throws -> RunResult {
        try Sitegen.run(
            ["build"], in: site.root,
            launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
    }

    @Test(.enabled(if: canDropPrivileges, "needs root and setpriv to build as another user"))
    func aReadOnlyKeptFolderIsRefusedWithItsFixAndLosesNothing() throws {
        let site = try TempSite.sample()
        let chown = { (path: String) in _ = DiskFullTests.SmallDisk.run("/bin/chown", ["-R", "65534", path]) }
        chown(site.root.path)
        #expect(try Self.buildAsNobody(site).status == 0)
        try site.write("public/.git/HEAD", "ref: refs/heads/gh-pages\n")
        chown(site.url("public/.git").path)
        // Moving a folder to another parent rewrites its "..": it needs write access.
        chmod(site.url("public/.git").path, 0o555)
        defer { chmod(site.url("public/.git").path, 0o755) }
        let before = TreeDigest(site.url("public"))
        try site.write("content/posts/me-too.md", try site.read("content/posts/me-too.md") + "\nMore.\n")
        chown(site.url("content").path)

        let run = try Self.buildAsNobody(site)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "/public/.git: cannot be moved into the new output (Permission denied); sitegen keeps .git, CNAME and "
                    + "keep: entries by moving them from build to build, so a kept folder must be writable by the user "
                    + "running the build (chmod u+w); the previous output is unchanged"), "\(run.stderr)")
        #expect(TreeDigest(site.url("public")) == before)

        chmod(site.url("public/.git").path, 0o755)
        #expect(try Self.buildAsNobody(site).status == 0)
        #expect(try site.read("public/.git/HEAD") == "ref: refs/heads/gh-pages\n")
        #expect(try site.read("public/posts/me-too/index.html").contains("More."))
    }

    /// A `keep:` entry inside a folder the site writes (`posts/kept`), removed from `site.yml`:
    /// gone from the output at once and on every later build, as in a clean build.
    @Test func aNestedKeptEntryNoLongerKeptIsGoneAndStaysGone() throws {
        try Self.expectNestedKeptEntryGoes(in: try TempSite.sample())
    }

    /// Builds with `keep: [posts/kept]`, removes the entry, and checks that the next builds agree with a clean one.
    static func expectNestedKeptEntryGoes(in site: TempSite, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let settings = try site.read("site.yml")
        try site.write("site.yml", settings + "keep: [posts/kept]\n")
        #expect(try site.sitegen("build", "--quiet").status == 0, sourceLocation: sourceLocation)
        try site.write("public/posts/kept/note.txt", "mine\n")
        for round in 1...2 {
            try site.write("content/posts/me-too.md", try site.read("content/posts/me-too.md") + "\nRound \(round).\n")
            #expect(try site.sitegen("build", "--quiet").status == 0, sourceLocation: sourceLocation)
            #expect(site.exists("public/posts/kept/note.txt"), "round \(round)", sourceLocation: sourceLocation)
        }
        try site.write("site.yml", settings)
        for round in 1...3 {
            try site.write("content/posts/me-too.md", try site.read("content/posts/me-too.md") + "\nAfter \(round).\n")
            #expect(try site.sitegen("build", "--quiet").status == 0, sourceLocation: sourceLocation)
            #expect(!site.exists("public/posts/kept"), "build \(round) after", sourceLocation: sourceLocation)
            try site.expectSameAsCleanBuild("build \(round) after", sourceLocation: sourceLocation)
        }
    }
}
