import Foundation
import Testing

/// A build killed at each moment of its swap — before it, after writing the
/// journal, after moving each kept entry, after the exchange, after removing
/// the journal, after storing the state — and a next build killed while it
/// moves kept entries back: the output is always a whole old or new site,
/// and once a build finishes, `.git`, `CNAME` and `keep:` entries are back
/// where they were, byte for byte.
@Suite struct SwapKillTests {
    private static let kept = [".git", "CNAME", "keep-me"]

    /// The sample site built once, with kept entries in its output, and a change waiting to be built.
    private static func site() throws -> (site: TempSite, kept: TreeDigest, old: TreeDigest) {
        let site = try TempSite.sample()
        try site.write("site.yml", try site.read("site.yml") + "keep: [keep-me]\n")
        #expect(try site.sitegen("build", "--quiet").status == 0)
        let old = siteFiles(site)
        try site.write("public/.git/HEAD", "ref: refs/heads/gh-pages\n")
        try site.write("public/.git/objects/ab/cdef", "blob\n")
        try site.write("public/CNAME", "club.example.org\n")
        try site.write("public/keep-me/notes.txt", "kept by keep:\n")
        try site.write("content/posts/me-too.md", try site.read("content/posts/me-too.md") + "\nAfter the swap.\n")
        return (site, keptFiles(site), old)
    }

    /// The output's files that are not kept entries.
    private static func siteFiles(_ site: TempSite) -> TreeDigest {
        var digest = TreeDigest(site.url("public"))
        digest.files = digest.files.filter { path, _ in !kept.contains { path == $0 || path.hasPrefix($0 + "/") } }
        return digest
    }

    private static func keptFiles(_ site: TempSite) -> TreeDigest {
        var digest = TreeDigest(site.url("public"))
        digest.files = digest.files.filter { path, _ in kept.contains { path == $0 || path.hasPrefix($0 + "/") } }
        return digest
    }

    private static func expectWholeAndKept(_ site: TempSite, kept: TreeDigest, _ comment: String) throws {
        let finished = try site.sitegen("build", "--quiet")
        #expect(finished.status == 0, "\(comment): \(finished.stderr)")
        #expect(keptFiles(site) == kept, "\(comment): kept entries")
        #expect(try site.sitegen("build", "--quiet", "--output", "clean").status == 0)
        #expect(siteFiles(site) == TreeDigest(site.url("clean")), "\(comment): not a clean build")
        #expect(try site.read("public/posts/me-too/index.html").contains("After the swap."), "\(comment)")
    }

    @Test(arguments: [
        "commit: before the swap", "swap: journal written", "swap: kept entry 1 moved", "swap: kept entry 2 moved",
        "swap: kept entry 3 moved", "swap: exchanged", "swap: journal removed", "commit: state stored",
    ])
    func aBuildKilledAtThisMomentLosesNothing(moment: String) throws {
        let (site, kept, old) = try Self.site()
        let killed = try site.sitegen(["build", "--quiet"], environment: ["SITEGEN_CRASH_AT": moment])
        #expect(killed.status == SIGKILL, "\(moment): the build was not killed there")
        let output = Self.siteFiles(site)
        #expect(try site.sitegen("build", "--quiet", "--output", "new").status == 0)
        let new = TreeDigest(site.url("new"))
        #expect(output == old || output == new, "\(moment): the output is neither the old nor the new site")
        try FileManager.default.removeItem(at: site.url("new"))
        try? FileManager.default.removeItem(at: site.url(".new.sitegen"))
        try Self.expectWholeAndKept(site, kept: kept, moment)
    }

    @Test func aBuildKilledWhileMovingKeptEntriesBackLosesNothing() throws {
        let (site, kept, _) = try Self.site()
        let first = try site.sitegen(
            ["build", "--quiet"], environment: ["SITEGEN_CRASH_AT": "swap: kept entry 3 moved"])
        #expect(first.status == SIGKILL)
        let second = try site.sitegen(
            ["build", "--quiet"], environment: ["SITEGEN_CRASH_AT": "recovery: CNAME moved back"])
        #expect(second.status == SIGKILL, "the second build did not move CNAME back")
        #expect(site.exists("public/.git/HEAD") && site.exists("public/CNAME"))
        try Self.expectWholeAndKept(site, kept: kept, "after two kills")
    }
}
