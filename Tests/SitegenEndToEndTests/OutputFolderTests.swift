import Foundation
import Testing

/// The output folder: what survives a build, what is refused, what is deterministic.
@Suite struct OutputFolderTests {
    @Test func gitFolderAndCNAMESurviveEveryBuild() throws {
        let site = try TempSite.sample()
        try site.write("public/.git/HEAD", "ref: refs/heads/gh-pages\n")
        try site.write("public/CNAME", "club.example.org\n")
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/.git/HEAD") == "ref: refs/heads/gh-pages\n")
        #expect(try site.read("public/CNAME") == "club.example.org\n")
        #expect(site.exists("public/index.html"))
    }

    @Test func filesListedUnderKeepSurvive() throws {
        let site = try TempSite.sample()
        try site.write("site.yml", try site.read("site.yml") + "keep: [robots.txt, .well-known]\n")
        #expect(try site.sitegen("build").status == 0)
        try site.write("public/robots.txt", "User-agent: *\n")
        try site.write("public/.well-known/security.txt", "Contact: x\n")
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/robots.txt") == "User-agent: *\n")
        #expect(site.exists("public/.well-known/security.txt"))
    }

    @Test func pagesOfDeletedContentDisappear() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        #expect(site.exists("public/posts/me-too/index.html"))
        try FileManager.default.removeItem(at: site.url("content/posts/me-too.md"))
        #expect(try site.sitegen("build").status == 0)
        #expect(!site.exists("public/posts/me-too"))
    }

    @Test func foreignNonEmptyFolderIsRefusedNotEmptied() throws {
        let site = try TempSite.sample()
        try site.write("elsewhere/thesis.tex", "precious\n")
        let run = try site.sitegen("build", "--output", "elsewhere")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "error: refusing to use this folder as the output: it is not empty and was not made by sitegen (it holds \"thesis.tex\")"
            ))
        #expect(try site.read("elsewhere/thesis.tex") == "precious\n")
    }

    @Test func aStateWriteInterruptedByAKillLeavesNothingBehindTheNextBuild() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build", "--quiet").status == 0)
        try site.write(".public.sitegen/state.tmp-99999", "half a state")
        #expect(try site.sitegen("build", "--quiet").status == 0)
        #expect(site.files(under: ".public.sitegen").filter { !$0.hasPrefix("staging/") } == ["lock", "state"])
    }

    @Test func anOutputWhoseStateWasDeletedIsStillBuilt() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build", "--output", "elsewhere").status == 0)
        try FileManager.default.removeItem(at: site.url(".elsewhere.sitegen"))
        let run = try site.sitegen("build", "--output", "elsewhere")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(31 rendered, 0 unchanged)"))
    }

    @Test func siteFolderItselfIsRefusedAsOutput() throws {
        let site = try TempSite.sample()
        let run = try site.sitegen("build", "--output", ".")
        #expect(run.status == 1)
        #expect(run.stderr.contains("refusing to use this folder as the output: it holds the site itself"))
        #expect(site.exists("content/posts/me-too.md"))
    }

    @Test func contentFolderIsRefusedAsOutput() throws {
        let site = try TempSite.sample()
        let run = try site.sitegen("build", "--output", "content/out")
        #expect(run.status == 1)
        #expect(run.stderr.contains("it is inside the site's content"))
    }

    @Test func rootAndHomeAreRefusedAsOutput() throws {
        let site = try TempSite.sample()
        let root = try site.sitegen("build", "--output", "/")
        #expect(root.status == 1 && root.stderr.contains("it is the root folder"))
        try FileManager.default.createDirectory(at: site.url("home"), withIntermediateDirectories: true)
        let homeRun = try site.sitegen(
            "build", "--output", site.url("home").path, environment: ["HOME": site.url("home").path])
        #expect(homeRun.status == 1 && homeRun.stderr.contains("it is your home folder"))
    }

    @Test func twoBuildsOfTheSameInputAreByteIdentical() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build", "--output", "one").status == 0)
        #expect(try site.sitegen("build", "--output", "two").status == 0)
        let one = TreeDigest(site.url("one"))
        #expect(!one.files.isEmpty)
        #expect(one == TreeDigest(site.url("two")))
    }

    @Test func leftoversOfAnInterruptedBuildAreCleanedUp() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        // A staging tree the state does not know (another folder than it recorded) is never trusted.
        try? FileManager.default.removeItem(at: site.url(".public.sitegen/staging"))
        try site.write(".public.sitegen/staging/half-written.html", "<p")
        #expect(try site.sitegen("build").status == 0)
        #expect(!site.exists(".public.sitegen/staging/half-written.html"))
        #expect(!site.exists("public/half-written.html"))
        #expect(try site.sitegen("build").status == 0)
        #expect(!site.exists("public/half-written.html"))
    }

    @Test func aFileChangedByHandInTheOutputIsRestoredByLaterBuilds() throws {
        let site = try TempSite.sample()
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        let clean = TreeDigest(site.url("public"))
        try site.write("public/menu/index.html", "hand-edited")
        try site.write("public/stray.html", "not from sitegen")
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        #expect(TreeDigest(site.url("public")) == clean)
    }

    @Test func sameSizeEditsAndStrayFilesDeepInTheOutputAreUndoneByLaterBuilds() throws {
        let site = try TempSite.sample()
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        let clean = TreeDigest(site.url("public"))
        Thread.sleep(forTimeInterval: 0.05)  // Past the clock tick the build ended in.
        let page = "public/posts/scrum-study/index.html"
        let original = try site.read(page)
        let edited = original.replacingOccurrences(of: "<h1", with: "<H1")
        #expect(edited != original && edited.utf8.count == original.utf8.count)
        try site.write(page, edited)
        try site.write("public/posts/scrum-study/stray.txt", "not from sitegen")
        try site.write("public/menu/junk/deeper/note.txt", "nor this")
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        #expect(TreeDigest(site.url("public")) == clean)
        #expect(!site.exists(".public.sitegen/staging/posts/scrum-study/stray.txt"))
    }

    @Test func keptItemsMovedOutByAnInterruptedSwapAreMovedBack() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        // The state a kill leaves between moving CNAME into staging and the swap.
        try site.write(".public.sitegen/staging/CNAME", "club.example.org\n")
        try site.write(".public.sitegen/keeping", "CNAME")
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/CNAME") == "club.example.org\n")
        #expect(!site.exists(".public.sitegen/keeping"))
    }
}
