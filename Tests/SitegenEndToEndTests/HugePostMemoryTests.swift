import Foundation
import Testing

/// One huge post (`max_file_size` raised for it) costs the build a small
/// multiple of its size in memory, not twenty times it: it is rendered once,
/// one huge body at a time, in memory that is freed as cmark frees it.
@Suite struct HugePostMemoryTests {
    /// About `size` bytes of Markdown as a long post has it: paragraphs of words with emphasis,
    /// links and code, a heading every hundred paragraphs, and a list now and then.
    private static func body(bytes size: Int) -> String {
        let words = ["prime", "sieve", "number", "gauss", "theorem", "zeta", "quick", "fox", "over", "the", "lazy"]
        var text = ""
        var paragraph = 0
        while text.utf8.count < size {
            paragraph += 1
            if paragraph % 100 == 1 { text += "## Part \(paragraph / 100 + 1)\n\n" }
            for index in 0..<60 { text += words[(paragraph * 7 + index * 3) % words.count] + " " }
            text += "*emphasis* and **strong** and a [link](https://example.com/\(paragraph)) and `code`.\n\n"
            if paragraph % 10 == 0 { text += "- one \(paragraph)\n- two\n- three\n\n" }
        }
        return text
    }

    /// The peak memory, in KiB, of building the sample site with a post of `size` bytes.
    private func peakKiB(withPostOf size: Int) throws -> Int {
        let site = try TempSite.sample()
        try site.write("site.yml", try site.read("site.yml") + "max_file_size: 60000000\n")
        try site.write("content/posts/long.md", "---\nusername: kim\ntitle: Long\n---\n" + Self.body(bytes: size))
        let run = try site.sitegen("build", environment: ["SITEGEN_TIMINGS": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let peak = try #require(run.stderr.firstMatch(of: /sitegen timing: peak memory (\d+) KiB/)).1
        return try #require(Int(peak))
    }

    @Test func aHugePostCostsASmallMultipleOfItsSize() throws {
        let size = 4_000_000
        let small = try peakKiB(withPostOf: 1_000)
        let huge = try peakKiB(withPostOf: size)
        // Before: some 20 times the post (every page that showed it rendered it again, in an arena that
        // keeps every buffer cmark outgrows). Now about 10 times, most of it the pages' own HTML.
        let multiple = Double(huge - small) * 1024 / Double(size)
        #expect(multiple < 14, "the post cost \(multiple) times its size (\(small) KiB without it, \(huge) KiB with)")
    }
}
