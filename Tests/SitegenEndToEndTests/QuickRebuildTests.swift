import Foundation
import Testing

/// The short way of a rebuild (`QuickRebuild`): taken after edits below a
/// post's excerpt, refused for anything else, and always giving the output a
/// clean build gives. `SITEGEN_TIMINGS=1` shows which way a build went.
@Suite struct QuickRebuildTests {
    private static let paragraph = String(repeating: "A sentence long enough to fill the excerpt on its own. ", count: 6)

    /// The sample site with two long posts: one old, one the newest (so the feed carries it).
    private static func site() throws -> TempSite {
        let site = try TempSite.sample()
        try site.write("content/posts/old-long.md", "---\nusername: u\ntitle: Old long\ndate: 2001-01-01\n---\n\(paragraph)\n")
        try site.write("content/posts/new-long.md", "---\nusername: u\ntitle: New long\ndate: 2099-01-01\n---\n\(paragraph)\n")
        // The first build has no previous tree to reuse, the second no previous
        // manifest in its staging tree; from the third on rebuilds can go the short way.
        for _ in 0..<2 { #expect(try site.sitegen("build", "--quiet").status == 0) }
        return site
    }

    private static func build(_ site: TempSite) throws -> (quick: Bool, stdout: String) {
        let run = try site.sitegen("build", environment: ["SITEGEN_TIMINGS": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        return (run.stderr.contains("sitegen timing: quick: commit"), run.stdout)
    }

    private static func append(_ text: String, to path: String, in site: TempSite) throws {
        try site.write(path, try site.read(path) + "\n\(text)\n")
    }

    @Test func anEditBelowTheExcerptRedoesOnlyThatPostTheShortWay() throws {
        let site = try Self.site()
        for round in 1...3 {
            try Self.append("Old edit \(round).", to: "content/posts/old-long.md", in: site)
            let build = try Self.build(site)
            #expect(build.quick, "round \(round)")
            #expect(build.stdout.contains("(1 rendered, 20 unchanged)"), "\(build.stdout)")
            #expect(try site.read("public/posts/old-long/index.html").contains("Old edit \(round)."))
            try site.expectSameAsCleanBuild("round \(round)")
        }
    }

    @Test func anEditToAPostTheFeedCarriesRedoesTheFeed() throws {
        let site = try Self.site()
        try Self.append("Fresh news.", to: "content/posts/new-long.md", in: site)
        #expect(try Self.build(site).quick)
        #expect(try site.read("public/feed.xml").contains("Fresh news."))
        try site.expectSameAsCleanBuild()
    }

    @Test func changesThatShowElsewhereTakeTheFullWay() throws {
        let site = try Self.site()
        let changes: [(String, () throws -> Void)] = [
            ("a new title", { try site.write("content/posts/old-long.md", try site.read("content/posts/old-long.md").replacingOccurrences(of: "title: Old long", with: "title: Older")) }),
            ("a changed excerpt", { try site.write("content/posts/old-long.md", try site.read("content/posts/old-long.md").replacingOccurrences(of: "---\nA sentence", with: "---\nThe sentence")) }),
            ("a new post", { try site.write("content/posts/another.md", "---\nusername: u\ntitle: Another\n---\nHi\n") }),
            ("a removed post", { try FileManager.default.removeItem(at: site.url("content/posts/another.md")) }),
            ("a template", { try site.write("templates/post.mustache", try site.read("templates/post.mustache") + "<!-- v2 -->\n") }),
            ("site.yml", { try site.write("site.yml", try site.read("site.yml") + "\n# a comment\n") }),
        ]
        for (name, change) in changes {
            try change()
            #expect(try Self.build(site).quick == false, "\(name)")
            try site.expectSameAsCleanBuild(name)
            // Both trees hold the same files again (after one more full build if
            // the set of files changed), and the short way is back.
            _ = try Self.build(site)
            try site.expectSameAsCleanBuild("\(name), second build")
            try Self.append("After \(name).", to: "content/posts/old-long.md", in: site)
            #expect(try Self.build(site).quick, "\(name), then a body edit")
            try site.expectSameAsCleanBuild("\(name), then a body edit")
        }
    }

    @Test func aHandEditToTheOutputIsUndoneTheShortWayOrTheFull() throws {
        let site = try Self.site()
        let page = "public/posts/scrum-study/index.html"
        let original = try site.read(page)
        try site.write(page, String(original.reversed()))  // Same size, other bytes.
        for round in 1...3 {
            try Self.append("Edit \(round).", to: "content/posts/old-long.md", in: site)
            _ = try Self.build(site)
            try site.expectSameAsCleanBuild("round \(round)")
        }
        try site.write("public/posts/scrum-study/stray.txt", "left here by hand\n")
        for round in 4...6 {
            try Self.append("Edit \(round).", to: "content/posts/old-long.md", in: site)
            _ = try Self.build(site)
            try site.expectSameAsCleanBuild("round \(round)")
        }
    }

    @Test func aStaleIndexIsNotTrusted() throws {
        let site = try Self.site()
        try Self.append("One.", to: "content/posts/old-long.md", in: site)
        #expect(try Self.build(site).quick)
        let index = try site.bytes(".public.sitegen-rebuild")
        try Self.append("Two.", to: "content/posts/old-long.md", in: site)
        #expect(try Self.build(site).quick)
        // An index from an earlier build names manifests the trees no longer hold.
        try site.writeBytes(".public.sitegen-rebuild", index)
        try Self.append("Three.", to: "content/posts/old-long.md", in: site)
        #expect(try Self.build(site).quick == false)
        try site.expectSameAsCleanBuild()
        // A damaged one is ignored too.
        try site.write(".public.sitegen-rebuild", "sitegen-rebuild 1 garbage")
        try Self.append("Four.", to: "content/posts/old-long.md", in: site)
        #expect(try Self.build(site).quick == false)
        try site.expectSameAsCleanBuild()
    }

    @Test func warningsAreReportedTheShortWayToo() throws {
        let site = try Self.site()
        try site.write("content/posts/typo.md", "---\nusername: u\ntitel: x\n---\nBody\n")
        try site.write("content/notes.txt", "not content\n")
        for _ in 0..<2 { #expect(try site.sitegen("build", "--quiet").status == 0) }
        try Self.append("More.", to: "content/posts/old-long.md", in: site)
        let run = try site.sitegen("build", "--quiet", environment: ["SITEGEN_TIMINGS": "1"])
        #expect(run.stderr.contains("sitegen timing: quick: commit"))
        let warnings = run.stderr.split(separator: "\n").filter { !$0.hasPrefix("sitegen timing:") }
        #expect(
            warnings == [
                "content/notes.txt: warning: not a Markdown (.md) file; ignored",
                "content/posts/typo.md:3:1: warning: a post has no field \"titel\"; it is ignored; did you mean \"title\"?",
            ])
    }
}
