import Foundation
import Testing

/// Rebuilds take the one build path: what each page recorded reading decides
/// which pages are rendered again, and the output always equals a clean build.
@Suite struct RebuildTests {
    private static let paragraph = String(
        repeating: "A sentence long enough to fill the excerpt on its own. ", count: 6)

    /// The sample site with two long posts: one old, one the newest (so the feed carries it).
    private static func site() throws -> TempSite {
        let site = try TempSite.sample()
        try site.write(
            "content/posts/old-long.md", "---\nusername: u\ntitle: Old long\ndate: 2001-01-01\n---\n\(paragraph)\n")
        try site.write(
            "content/posts/new-long.md", "---\nusername: u\ntitle: New long\ndate: 2025-06-01\n---\n\(paragraph)\n")
        #expect(try site.sitegen("build", "--quiet").status == 0)
        return site
    }

    /// Builds with timings on; returns stdout and the timing lines.
    private static func build(_ site: TempSite) throws -> (stdout: String, timings: [String]) {
        let run = try site.sitegen("build", environment: ["SITEGEN_TIMINGS": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        return (
            run.stdout, run.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("sitegen timing:") }
        )
    }

    private static func append(_ text: String, to path: String, in site: TempSite) throws {
        try site.write(path, try site.read(path) + "\n\(text)\n")
    }

    private static func replace(_ old: String, with new: String, in path: String, of site: TempSite) throws {
        let text = try site.read(path)
        #expect(text.contains(old))
        try site.write(path, text.replacingOccurrences(of: old, with: new))
    }

    @Test func anEditBelowTheExcerptRerendersOnlyThatPost() throws {
        let site = try Self.site()
        for round in 1...3 {
            try Self.append("Old edit \(round).", to: "content/posts/old-long.md", in: site)
            let build = try Self.build(site)
            #expect(build.stdout.contains("(1 rendered, 33 unchanged)"), "\(build.stdout)")
            #expect(try site.read("public/posts/old-long/index.html").contains("Old edit \(round)."))
            try site.expectSameAsCleanBuild("round \(round)")
        }
    }

    @Test func anEditToAPostTheFeedCarriesRedoesTheFeed() throws {
        let site = try Self.site()
        try Self.append("Fresh news.", to: "content/posts/new-long.md", in: site)
        let build = try Self.build(site)
        #expect(build.timings.contains { $0.contains("plan (2 of ") }, "\(build.timings)")  // The post and the feed.
        #expect(try site.read("public/feed.xml").contains("Fresh news."))
        try site.expectSameAsCleanBuild()
    }

    @Test func aNewTitleRerendersThePagesThatShowIt() throws {
        let site = try Self.site()
        try Self.replace("title: Old long", with: "title: Older", in: "content/posts/old-long.md", of: site)
        // The post, the posts list, the author's page and the newer post beside it, which links it;
        // not the home page, whose five recent posts are others.
        let build = try Self.build(site)
        #expect(build.stdout.contains("(4 rendered, 30 unchanged)"), "\(build.stdout)")
        #expect(try site.read("public/posts/index.html").contains("Older"))
        try site.expectSameAsCleanBuild()
    }

    @Test func everyKindOfChangeGivesTheBytesOfACleanBuild() throws {
        let site = try Self.site()
        let changes: [(String, () throws -> Void)] = [
            (
                "a new title",
                { try Self.replace("title: Old long", with: "title: Older", in: "content/posts/old-long.md", of: site) }
            ),
            (
                "a changed excerpt",
                {
                    try Self.replace(
                        "---\nA sentence", with: "---\nThe sentence", in: "content/posts/old-long.md", of: site)
                }
            ),
            (
                "a new post",
                { try site.write("content/posts/another.md", "---\nusername: u\ntitle: Another\n---\nHi\n") }
            ),
            ("a removed post", { try FileManager.default.removeItem(at: site.url("content/posts/another.md")) }),
            (
                "a template",
                {
                    try site.write(
                        "templates/post.mustache", try site.read("templates/post.mustache") + "<!-- v2 -->\n")
                }
            ),
            (
                "a partial",
                { try site.write("templates/partials/avatar.mustache", "<span class=\"avatar\">{{username}}</span>\n") }
            ),
            ("site.yml", { try site.write("site.yml", try site.read("site.yml") + "\n# a comment\n") }),
        ]
        for (name, change) in changes {
            try change()
            _ = try Self.build(site)
            try site.expectSameAsCleanBuild(name)
            try Self.append("After \(name).", to: "content/posts/old-long.md", in: site)
            #expect(try Self.build(site).stdout.contains("(1 rendered, "), "\(name), then a body edit")
            try site.expectSameAsCleanBuild("\(name), then a body edit")
        }
    }

    @Test func aTemplateChangeRerendersOnlyThePagesThatUseIt() throws {
        let site = try Self.site()
        try site.write("templates/menu-item.mustache", try site.read("templates/menu-item.mustache") + "<!-- v2 -->\n")
        let build = try Self.build(site)
        #expect(build.stdout.contains("(4 rendered, 30 unchanged)"), "\(build.stdout)")  // The four menu items.
        try site.expectSameAsCleanBuild()
    }

    @Test func aHandEditToTheOutputIsUndone() throws {
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

    @Test func aStateFromAnotherVersionOrDamagedIsIgnored() throws {
        let site = try Self.site()
        let state = try site.bytes(".public.sitegen/state")
        var foreign = state
        foreign[foreign.count / 2] ^= 0xFF  // A torn or damaged file fails its check.
        for (name, bytes) in [
            ("damaged", foreign), ("another version", Array("sitegen-state 0 0.0.1\n".utf8) + state.dropFirst(22)),
            ("empty", []),
        ] {
            try site.writeBytes(".public.sitegen/state", bytes)
            try Self.append("Edit (\(name)).", to: "content/posts/old-long.md", in: site)
            let build = try Self.build(site)
            #expect(build.timings.contains { $0.contains("no record of an earlier build") }, "\(name)")
            try site.expectSameAsCleanBuild(name)
        }
    }

    @Test func aRebuildStoresOnlyWhatChangedAndDamagedChangesCostAFullBuild() throws {
        let site = try Self.site()
        for number in 1...60 {  // Changes are stored alone when they are a small part of the state.
            try site.write(
                "content/posts/more-\(number).md",
                "---\nusername: u\ntitle: More \(number)\ndate: 2002-01-15\n---\n\(Self.paragraph)\n")
        }
        try IncrementalBuildTests.backdate(site)  // Files changed within the racy window would be read again.
        #expect(try site.sitegen("build", "--quiet").status == 0)
        // The first rebuild makes the staging tree, linking every file (their status changes), and the second
        // takes that tree back: both change most of the trees' records, so both store the whole state.
        for round in 1...2 {
            try Self.append("Warm-up \(round).", to: "content/posts/old-long.md", in: site)
            #expect(
                try Self.build(site).timings.contains {
                    $0.contains("state: written whole: over an eighth of its entries, pages and files changed")
                })
        }
        let whole = try site.bytes(".public.sitegen/state")
        for round in 1...3 {
            try Self.append("Edit \(round).", to: "content/posts/old-long.md", in: site)
            let build = try Self.build(site)
            #expect(build.timings.contains { $0.contains("state: changes since the whole state written") }, "\(round)")
            #expect(try site.bytes(".public.sitegen/state") == whole, "round \(round): the whole state is kept")
            try site.expectSameAsCleanBuild("round \(round)")
        }
        var changes = try site.bytes(".public.sitegen/changes")
        changes[changes.count / 2] ^= 0xFF
        try site.writeBytes(".public.sitegen/changes", changes)
        try Self.append("Edit 4.", to: "content/posts/old-long.md", in: site)
        let build = try Self.build(site)
        #expect(build.timings.contains { $0.contains("no record of an earlier build") })
        #expect(build.timings.contains { $0.contains("state: written whole: no whole state was read") })
        #expect(!site.exists(".public.sitegen/changes"))
        try site.expectSameAsCleanBuild("damaged changes")
    }

    @Test func filesReadAgainWithTheSameBytesKeepWhatWasRenderedOfThem() throws {
        let site = try Self.site()
        try IncrementalBuildTests.backdate(site)
        _ = try Self.build(site)
        // Every content file touched (checked out again, say): their `stat`s change, their bytes do not.
        let touched = Date(timeIntervalSince1970: 1_500_000_000)
        for file in site.files(under: "content") {
            try FileManager.default.setAttributes(
                [.modificationDate: touched], ofItemAtPath: site.url("content/" + file).path)
        }
        let build = try Self.build(site)
        #expect(
            build.timings.contains { $0.hasPrefix("sitegen timing: model: excerpts rendered (0) ") }, "\(build.timings)"
        )
        #expect(build.stdout.contains("(0 rendered, 34 unchanged)"), "\(build.stdout)")
        try site.expectSameAsCleanBuild()
    }

    /// The staging tree's file at `path`, opened: whether a build wrote over it in place (it is
    /// still linked) or replaced it (unlinked) shows on the open file. Inode numbers are no
    /// witness: a freed one is soon used again.
    private static func openStaged(_ path: String, in site: TempSite) throws -> FileHandle {
        try FileHandle(forReadingFrom: site.url(".public.sitegen/staging/" + path))
    }

    private static func isStillLinked(_ handle: FileHandle) -> Bool {
        var status = stat()
        return fstat(handle.fileDescriptor, &status) == 0 && status.st_nlink == 1
    }

    @Test func stagedFilesOfTheTreesOwnAreWrittenOverInPlace() throws {
        let site = try Self.site()
        let page = "posts/old-long/index.html"
        try Self.append("Edit 1.", to: "content/posts/old-long.md", in: site)
        _ = try Self.build(site)  // The staging tree now holds the page before this edit, a file of its own.
        var staged = try Self.openStaged(page, in: site)
        #expect(!String(decoding: try staged.readToEnd() ?? Data(), as: UTF8.self).contains("Edit 1."))

        // Another post edited: the page is stale in the staging tree and as planned in the live one,
        // whose bytes are copied over it.
        try Self.append("Other edit.", to: "content/posts/new-long.md", in: site)
        _ = try Self.build(site)
        #expect(Self.isStillLinked(staged))
        try staged.seek(toOffset: 0)
        #expect(try staged.readToEnd() == Data(try site.bytes("public/" + page)))
        #expect(try site.read("public/" + page).contains("Edit 1."))
        try staged.close()
        try site.expectSameAsCleanBuild("copied over")

        // The post edited again, twice: its page is rendered over the stale file.
        for round in 2...3 {
            staged = try Self.openStaged(page, in: site)
            try Self.append("Edit \(round).", to: "content/posts/old-long.md", in: site)
            _ = try Self.build(site)
            #expect(Self.isStillLinked(staged), "round \(round)")
            #expect(try staged.readToEnd() == Data(try site.bytes("public/" + page)), "round \(round)")
            #expect(try site.read("public/" + page).contains("Edit \(round)."))
            try staged.close()
            try site.expectSameAsCleanBuild("round \(round)")
        }
    }

    /// Once the two trees share a page's file, an edit of the page removes the staging tree's name for
    /// it, which changes the file's status too: that change is the build's own, so the build after,
    /// finding the file stale in its staging tree, writes over it instead of discarding it.
    @Test func aPageOnceSharedByBothTreesIsWrittenOverAfterItChanges() throws {
        let site = try Self.site()
        let page = "posts/old-long/index.html"
        _ = try Self.build(site)  // The second tree, its files linked from the first.
        #expect(try site.identity(".public.sitegen/staging/" + page).inode == site.identity("public/" + page).inode)
        let shared = try site.identity("public/" + page).inode

        try Self.append("Edit 1.", to: "content/posts/old-long.md", in: site)
        _ = try Self.build(site)
        #expect(try site.identity(".public.sitegen/staging/" + page).inode == shared)
        let staged = try Self.openStaged(page, in: site)
        #expect(Self.isStillLinked(staged))

        try Self.append("Other edit.", to: "content/posts/new-long.md", in: site)
        _ = try Self.build(site)
        #expect(Self.isStillLinked(staged), "the stale file was discarded, not written over")
        #expect(try site.identity("public/" + page).inode == shared)
        #expect(try site.read("public/" + page).contains("Edit 1."))
        try staged.close()
        try site.expectSameAsCleanBuild()
    }

    /// A hand edit in place of a page both trees share changes the file under both names: its
    /// staging name is removed as touched, and the live file, not as recorded, is not trusted again.
    @Test func aPageOnceSharedByBothTreesAndEditedByHandIsNeverKept() throws {
        let site = try Self.site()
        let page = "posts/old-long/index.html"
        _ = try Self.build(site)
        let shared = try site.identity("public/" + page).inode
        let handle = try FileHandle(forWritingTo: site.url("public/" + page))
        try handle.write(contentsOf: Data(String(try site.read("public/" + page).reversed()).utf8))  // Same size.
        try handle.close()
        #expect(try site.identity(".public.sitegen/staging/" + page).inode == shared)
        for round in 1...3 {
            try Self.append("Edit \(round).", to: "content/posts/new-long.md", in: site)
            _ = try Self.build(site)
            try site.expectSameAsCleanBuild("round \(round)")
        }
    }

    @Test func aStagedFileWithAnotherNameIsReplacedNotWrittenInto() throws {
        let site = try Self.site()
        let page = "posts/old-long/index.html"
        try Self.append("Edit 1.", to: "content/posts/old-long.md", in: site)
        _ = try Self.build(site)
        // A user's hard link to the staging tree's (stale) copy.
        try FileManager.default.linkItem(
            at: site.url(".public.sitegen/staging/" + page), to: site.url("elsewhere.html"))
        let linked = try site.bytes("elsewhere.html")
        try Self.append("Edit 2.", to: "content/posts/old-long.md", in: site)
        _ = try Self.build(site)
        #expect(try site.bytes("elsewhere.html") == linked)
        #expect(try site.read("public/" + page).contains("Edit 2."))
        try site.expectSameAsCleanBuild()
    }

    @Test func deletingTheStateOnlyCostsAFullBuild() throws {
        let site = try Self.site()
        try FileManager.default.removeItem(at: site.url(".public.sitegen"))
        try Self.append("Edit.", to: "content/posts/old-long.md", in: site)
        #expect(try Self.build(site).stdout.contains("(34 rendered, 0 unchanged)"))
        try site.expectSameAsCleanBuild()
        #expect(try Self.build(site).stdout.contains("(0 rendered, 34 unchanged)"))
    }

    @Test func warningsOfUnchangedFilesAreReportedOnRebuilds() throws {
        let site = try Self.site()
        try site.write("content/posts/typo.md", "---\nusername: u\ntitel: x\n---\nBody\n")
        try site.write("content/menu/gone/notes.txt", "not content\n")
        for _ in 0..<2 { #expect(try site.sitegen("build", "--quiet").status == 0) }
        try Self.append("More.", to: "content/posts/old-long.md", in: site)
        let run = try site.sitegen("build", "--quiet")
        #expect(
            run.stderr.split(separator: "\n") == [
                "content/menu/gone/notes.txt: warning: this file is in the folder of no item (content/menu/gone/index.md or content/menu/gone.md); ignored",
                "content/posts/typo.md:3:1: warning: a post has no field \"titel\"; it is ignored; did you mean \"title\"?",
            ])
    }

    @Test func theOutputHoldsNothingButTheSite() throws {
        let site = try Self.site()
        #expect(try site.sitegen("build", "--quiet").status == 0)  // The second build leaves a staging tree.
        let names = Set(site.files(under: "public"))
        #expect(
            !names.contains { $0.hasPrefix(".") || $0.contains("/.") }, "\(names.filter { $0.contains(".sitegen") })")
        #expect(site.exists(".public.sitegen/state") && site.exists(".public.sitegen/staging"))
    }
}
