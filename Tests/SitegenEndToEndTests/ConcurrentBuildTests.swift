import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// One build of an output at a time: builds started together wait for each
/// other and end as a clean build would, with `.git` and `CNAME` intact.
@Suite struct ConcurrentBuildTests {
    /// The sample site with enough posts that builds overlap, a `.git` and a `CNAME` in its output.
    private static func site() throws -> TempSite {
        let site = try TempSite.sample()
        try write(posts: 300, title: "Start", to: site)
        #expect(try site.sitegen("build", "--quiet").status == 0)
        try site.write("public/.git/HEAD", "ref: refs/heads/gh-pages\n")
        try site.write("public/CNAME", "club.example.org\n")
        return site
    }

    private static func write(posts count: Int, title: String, to site: TempSite) throws {
        for index in 0..<count {
            try site.write(
                "content/posts/bulk-\(index).md",
                "---\nusername: user\(index % 7)\ntitle: \(title) \(index)\ndate: 2024-01-01\n---\n"
                    + String(repeating: "Some *text* for post \(index).\n\n", count: 10))
        }
    }

    /// Starts `sitegen build` with extra arguments in the site, with its stderr in a pipe.
    private static func start(_ site: TempSite, _ arguments: [String] = []) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = Sitegen.binary
        process.arguments = ["build", "--quiet"] + arguments
        process.currentDirectoryURL = site.root
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    /// Holds the lock of `public/`'s builds, as a running build would, until `release` is called.
    private static func holdLock(of site: TempSite) throws -> () -> Void {
        let descriptor = open(site.url(".public.sitegen/lock").path, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        return { close(descriptor) }
    }

    @Test func buildsStartedTogetherEndAsACleanBuildWithGitAndCNAMEIntact() throws {
        let site = try Self.site()
        for round in 0..<6 {
            // One post changes, or all of them: builds that reuse most files, and builds that redo them.
            if round.isMultiple(of: 3) {
                try Self.write(posts: 300, title: "Round \(round)", to: site)
            } else {
                try site.write(
                    "content/posts/bulk-\(round).md",
                    "---\nusername: u\ntitle: Edited \(round)\ndate: 2024-02-0\(round % 9 + 1)\n---\nEdited.\n")
            }
            let builds = try (0..<(2 + round % 2)).map { _ in try Self.start(site) }
            for (process, errors) in builds {
                process.waitUntilExit()
                let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                #expect(process.terminationStatus == 0, "round \(round): \(stderr)")
            }
            #expect(try site.read("public/.git/HEAD") == "ref: refs/heads/gh-pages\n", "round \(round)")
            #expect(try site.read("public/CNAME") == "club.example.org\n", "round \(round)")
            try? FileManager.default.removeItem(at: site.url("clean"))
            #expect(try site.sitegen("build", "--quiet", "--output", "clean").status == 0)
            var built = TreeDigest(site.url("public"))
            built.files["CNAME"] = nil
            built.files[".git/HEAD"] = nil
            let clean = TreeDigest(site.url("clean"))
            let differing = Set(built.files.keys).union(clean.files.keys).filter { built.files[$0] != clean.files[$0] }
            #expect(
                differing.isEmpty,
                "round \(round): \(differing.count) files differ, e.g. \(differing.sorted().prefix(5))")
        }
    }

    @Test func withNoWaitABuildFailsAtOnceWhileAnotherRuns() throws {
        let site = try Self.site()
        let before = TreeDigest(site.url("public"))
        try Self.write(posts: 1, title: "Changed", to: site)
        let release = try Self.holdLock(of: site)
        defer { release() }
        let run = try site.sitegen("build", "--no-wait")
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: another sitegen build of this folder is running"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("nothing was written\n"))
        #expect(TreeDigest(site.url("public")) == before)
    }

    @Test func aBuildWaitsForTheOtherAndSaysSo() throws {
        let site = try Self.site()
        try Self.write(posts: 1, title: "Changed", to: site)
        let release = try Self.holdLock(of: site)
        let (process, errors) = try Self.start(site)
        // On a loaded machine loading 300 posts can take seconds: wait for the build to say it waits.
        let lines = LineReader(errors.fileHandleForReading)
        let waiting = lines.wait(after: 0, seconds: 60) { $0.hasPrefix("waiting for another sitegen build of public/") }
        #expect(process.isRunning)
        release()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(waiting != nil && lines.all.first == waiting, "\(lines.all)")
        #expect(try site.read("public/posts/bulk-0/index.html").contains("Changed 0"))
    }
}
