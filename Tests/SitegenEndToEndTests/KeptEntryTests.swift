import Foundation
import Testing

/// `.git`, `CNAME` and `keep:` entries move from the old output to the new
/// one at the swap; when one of them cannot be moved, every one already
/// moved goes back, and the report says the previous output is unchanged.
@Suite struct KeptEntryTests {
    /// Whether this machine lets the test make a file immutable (`chattr +i`: root on ext4 and the like).
    static let canMakeImmutable: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-chattr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: probe.path, contents: Data("x".utf8))
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
        #expect(run.stderr.contains("Operation not permitted; the previous output is unchanged"), "\(run.stderr)")
        #expect(TreeDigest(site.url("public")) == before)
        #expect(try site.read("public/.git/HEAD") == "ref: refs/heads/gh-pages\n")

        try Self.chattr("-i", site.url("public/CNAME").path)
        #expect(try site.sitegen("build", "--quiet").status == 0)
        #expect(try site.read("public/.git/HEAD") == "ref: refs/heads/gh-pages\n")
        #expect(try site.read("public/CNAME") == "club.example.org\n")
        #expect(try site.read("public/posts/me-too/index.html").contains("More."))
    }
}
