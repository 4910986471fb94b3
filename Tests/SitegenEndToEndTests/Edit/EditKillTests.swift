import Foundation
import Testing

/// `sitegen edit` killed with SIGKILL at random moments while it rewrites a
/// large file: afterwards the file is always exactly the old or the new content.
@Suite struct EditKillTests {
    @Test func aKilledEditLeavesTheOldOrTheNewFileNeverAMix() throws {
        let site = try TempSite.sample()
        let head = "---\nusername: 스티브\ntitle: Big\n---\n"
        let bodies = [
            String(repeating: "A line of the first body, in plain ASCII.\n", count: 60_000),
            String(repeating: "두 번째 본문의 한 줄입니다. 🎉\n", count: 50_000),
        ]
        for (index, body) in bodies.enumerated() { try site.write("body-\(index).md", body) }
        let files = bodies.map { Array((head + $0).utf8) }
        try site.writeBytes("content/posts/big.md", files[0])

        // One undisturbed run shows how long an edit takes. The kill moment then
        // hovers around the replace: later after a kill that left the old file,
        // earlier after one that left the new file, with some jitter.
        let started = Date()
        #expect(try site.sitegen("edit", "posts/big", "--body-file", "body-1.md").status == 0)
        let duration = Date().timeIntervalSince(started)
        #expect(try site.bytes("content/posts/big.md") == files[1])

        var outcomes = (old: 0, new: 0, killedMidWrite: 0)
        var moment = duration / 2
        for round in 0..<24 {
            let before = try site.bytes("content/posts/big.md")
            let next = before == files[0] ? 1 : 0
            let process = Process()
            process.executableURL = Sitegen.binary
            process.arguments = ["edit", "posts/big", "--body-file", "body-\(next).md"]
            process.currentDirectoryURL = site.root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: moment * Double.random(in: 0.6...1.4))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try site.bytes("content/posts/big.md")
            #expect(
                after == before || after == files[next],
                "round \(round): the file is neither the old nor the new content")
            if after == before {
                outcomes.old += 1
                moment *= 1.25
            } else {
                outcomes.new += 1
                moment *= 0.8
            }
            if try site.names(in: "content/posts").contains(where: { $0.hasSuffix(".tmp") }) {
                outcomes.killedMidWrite += 1
            }
        }
        // Kills fell both before and after the replace, so both outcomes were exercised.
        #expect(outcomes.old > 0 && outcomes.new > 0, "\(outcomes)")

        // The next edit clears the temp files the killed runs left behind.
        let current = try site.bytes("content/posts/big.md")
        #expect(
            try site.sitegen("edit", "posts/big", "--body-file", current == files[0] ? "body-1.md" : "body-0.md").status
                == 0)
        #expect(try site.names(in: "content/posts").filter { $0.hasPrefix(".") } == [])
    }
}
