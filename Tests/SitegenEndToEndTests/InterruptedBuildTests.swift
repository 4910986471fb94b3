import Foundation
import Testing

/// `kill -9` at any moment of a build leaves the output a complete earlier or
/// newer build, never a mix, and the next build succeeds.
@Suite struct InterruptedBuildTests {
    private func addPosts(to site: TempSite, count: Int, title: String) throws {
        for index in 0..<count {
            try site.write(
                "content/posts/bulk-\(index).md",
                "---\nusername: user\(index % 7)\ntitle: \(title) \(index)\ndate: 2024-01-01\n---\n"
                    + String(repeating: "Some *text* for post \(index).\n\n", count: 20))
        }
    }

    @Test func killedBuildsLeaveACompleteOldOrNewOutput() throws {
        let site = try TempSite.sample()
        try site.write("public/CNAME", "club.example.org\n")
        try addPosts(to: site, count: 800, title: "Old")
        #expect(try site.sitegen("build", "--quiet").status == 0)
        let old = TreeDigest(site.url("public"))
        try addPosts(to: site, count: 800, title: "New")
        #expect(try site.sitegen("build", "--quiet", "--output", "reference").status == 0)
        var new = TreeDigest(site.url("reference"))
        new.files["CNAME"] = old.files["CNAME"]

        let started = Date()
        let probe = Process()
        probe.executableURL = Sitegen.binary
        probe.arguments = ["build", "--quiet", "--output", "timing"]
        probe.currentDirectoryURL = site.root
        try probe.run()
        probe.waitUntilExit()
        let fullBuild = Date().timeIntervalSince(started)

        var generator = SystemRandomNumberGenerator()
        var sawOld = 0
        var sawNew = 0
        for round in 0..<20 {
            // Alternate the content so each build has something new to swap in.
            let title = round.isMultiple(of: 2) ? "Old" : "New"
            try addPosts(to: site, count: 800, title: title)
            try Sitegen.buildKilled(
                in: site.root, after: UInt32(Double.random(in: 0...(fullBuild * 1.2), using: &generator) * 1_000_000))
            let output = TreeDigest(site.url("public"))
            let isOld = output == old
            let isNew = output == new
            #expect(isOld || isNew, "round \(round): output is neither a complete old nor new build")
            if isOld { sawOld += 1 }
            if isNew { sawNew += 1 }
        }
        try addPosts(to: site, count: 800, title: "New")
        #expect(try site.sitegen("build", "--quiet").status == 0)
        #expect(TreeDigest(site.url("public")) == new)
        #expect(sawOld + sawNew == 20)
    }
}
