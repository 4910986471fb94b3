import Foundation
import Testing

/// Links and images in Markdown resolved at build time, under any base URL,
/// and every broken one an error at its place in the Markdown.
@Suite struct LinkTests {
    /// A sample site with a bundle post that has a heading and a photo, and a static image.
    private func site() throws -> TempSite {
        let site = try TempSite.sample()
        try site.write(
            "content/posts/trip/index.md", "---\nusername: 프렘\ntitle: Trip\n---\n## Setup\n\n![photo](photo.jpg)\n")
        try site.writeBytes("content/posts/trip/photo.jpg", ImageTests.jpeg(width: 40, height: 30))
        try site.writeBytes("static/img/a.png", ImageTests.png(width: 64, height: 48))
        return site
    }

    private func links(in html: String) -> [String] {
        html.matches(of: /(?:href|src)="([^"]*)"/).map { String($0.1) }
    }

    @Test func relativeLinksToContentFilesBecomeTheirPagesAddresses() throws {
        let site = try site()
        try site.write(
            "content/posts/hello.md",
            "---\nusername: u\n---\n[메뉴](../menu/대방어.md) [next](me-too.md) [setup](trip/index.md#setup) [about](../about.md)\n"
        )
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        let found = links(in: try site.read("public/posts/hello/index.html"))
        for link in ["/menu/%EB%8C%80%EB%B0%A9%EC%96%B4/", "/posts/me-too/", "/posts/trip/#setup", "/about/"] {
            #expect(found.contains(link), "\(link) not in \(found)")
        }
        #expect(links(in: try site.read("public/posts/trip/index.html")).contains("/posts/trip/photo.jpg"))
    }

    @Test func underASubPathEveryInternalLinkOfTheOutputResolves() throws {
        let site = try site()
        try site.write(
            "content/about.md",
            "---\ntitle: About\n---\n[home](/) [posts](/posts/) ![a](/img/a.png) [trip](posts/trip/index.md) [ext](https://example.org/)\n"
        )
        let run = try site.sitegen("build", "--base-url", "https://example.org/club/")
        #expect(run.status == 0, "\(run.stderr)")
        let found = links(in: try site.read("public/about/index.html"))
        for link in ["/club/", "/club/posts/", "/club/img/a.png", "/club/posts/trip/", "https://example.org/"] {
            #expect(found.contains(link), "\(link) not in \(found)")
        }
        try site.expectInternalLinksResolve(root: "/club/")
    }

    @Test func eachKindOfBrokenLinkIsAnErrorAtItsPlaceAndNothingIsWritten() throws {
        let site = try site()
        try site.write(
            "content/posts/broken.md",
            """
            ---
            username: u
            ---
            [gone](gone.md) [flat](trip.md) ![missing](photo.png)
            [anchor](trip/index.md#nowhere) [self](#nothing) [top](#top)
            [root](/nowhere/) ![img](/img/b.png) [out](../../../../etc/passwd) [readme](../../README.md)

            | a |
            |---|
            | x [cell](cell.md) |

            """)
        try site.write("content/posts/secret.md", "---\nusername: u\ndraft: true\n---\nShh\n")
        try site.write("content/menu/갈비찜.md", "---\nname: 갈비찜\nprice: 50000\n---\n[draft](../posts/secret.md)\n")
        for command in ["build", "check"] {
            let run = try site.sitegen(command)
            #expect(run.status == 1)
            #expect(
                run.stderr.split(separator: "\n").map(String.init) == [
                    "content/menu/갈비찜.md:5:1: error: broken link ../posts/secret.md: content/posts/secret.md is not published in this build (a draft, or dated after now)",
                    "content/posts/broken.md:4:1: error: broken link gone.md: there is no content/posts/gone.md",
                    "content/posts/broken.md:4:17: error: broken link trip.md: there is no content/posts/trip.md (the page is content/posts/trip/index.md)",
                    "content/posts/broken.md:4:33: error: broken image photo.png: there is no file content/posts/photo.png",
                    "content/posts/broken.md:5:1: error: broken link trip/index.md#nowhere: content/posts/trip/index.md has no heading or footnote with the id \"nowhere\"",
                    "content/posts/broken.md:5:33: error: broken link #nothing: this page has no heading or footnote with the id \"nothing\"",
                    "content/posts/broken.md:6:1: error: broken link /nowhere/: no page or file of this site is at /nowhere/",
                    "content/posts/broken.md:6:19: error: broken image /img/b.png: no page or file of this site is at /img/b.png",
                    "content/posts/broken.md:6:38: error: broken link ../../../../etc/passwd: it leads out of the site folder",
                    "content/posts/broken.md:6:68: error: broken link ../../README.md: README.md is outside content/ and static/, so it is not published",
                    "content/posts/broken.md:10:5: error: broken link cell.md: there is no content/posts/cell.md",
                    command == "build"
                        ? "11 errors in 2 files; nothing was written"
                        : "11 errors in 2 files; the site would not build",
                ], "\(run.stderr)")
            #expect(!site.exists("public"))
        }
    }

    @Test func linksWarnBuildsWithWarnings() throws {
        let site = try site()
        try site.write("site.yml", try site.read("site.yml") + "links: warn\n")
        try site.write("content/posts/broken.md", "---\nusername: u\n---\n[gone](gone.md)\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        #expect(
            run.stderr.contains(
                "content/posts/broken.md:4:1: warning: broken link gone.md: there is no content/posts/gone.md\n"))
        #expect(site.exists("public/posts/broken/index.html"))
    }

    @Test func anUnchangedFilesBrokenLinkIsReportedOnEveryBuildUntilItsTargetComes() throws {
        let site = try site()
        try site.write("site.yml", try site.read("site.yml") + "links: warn\n")
        try site.write("content/posts/broken.md", "---\nusername: u\n---\n[gone](gone.md)\n")
        try IncrementalBuildTests.backdate(site)
        let warning = "content/posts/broken.md:4:1: warning: broken link gone.md: there is no content/posts/gone.md\n"
        for round in 1...3 { #expect(try site.sitegen("build", "--quiet").stderr == warning, "round \(round)") }
        try site.write("content/posts/gone.md", "---\nusername: u\n---\nHere.\n")
        let arrived = try site.sitegen("build", "--quiet")
        #expect(arrived.status == 0 && arrived.stderr.isEmpty, "\(arrived.stderr)")
        try site.expectSameAsCleanBuild()
    }

    @Test func aLinksSettingOtherThanErrorOrWarnIsRefused() throws {
        let site = try site()
        try site.write("site.yml", try site.read("site.yml") + "links: ignore\n")
        let run = try site.sitegen("check")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "error: links must be error or warn (what a broken internal link is), got \"ignore\"\n"),
            "\(run.stderr)")
    }

    @Test func deletingALinkedPageBreaksTheUnchangedFileLinkingIt() throws {
        let site = try site()
        try site.write("content/about.md", "---\ntitle: About\n---\n[trip](posts/trip/index.md#setup)\n")
        try IncrementalBuildTests.backdate(site)
        #expect(try site.sitegen("build").status == 0)
        try site.write("content/posts/trip/index.md", "---\nusername: 프렘\ntitle: Trip\n---\n## Packing\n")
        let renamed = try site.sitegen("build")
        #expect(renamed.status == 1)
        #expect(
            renamed.stderr.hasPrefix(
                "content/about.md:4:1: error: broken link posts/trip/index.md#setup: content/posts/trip/index.md has no heading or footnote with the id \"setup\"\n"
            ), "\(renamed.stderr)")
        try FileManager.default.removeItem(at: site.url("content/posts/trip"))
        let deleted = try site.sitegen("build")
        #expect(
            deleted.stderr.hasPrefix(
                "content/about.md:4:1: error: broken link posts/trip/index.md#setup: there is no content/posts/trip/index.md\n"
            ), "\(deleted.stderr)")
        try site.write("content/posts/trip/index.md", "---\nusername: 프렘\ntitle: Trip\n---\n## Setup\n")
        #expect(try site.sitegen("build").status == 0)
        try site.expectSameAsCleanBuild()
    }

    /// Adding a post (with a new tag, and moving others in the lists) takes nothing away
    /// that a link could arrive at, so only the new file's links are checked; deleting
    /// one checks again only the files whose links arrived at what went with it.
    @Test func anAddedPostChecksOnlyItsOwnLinksADeletedOneThoseLinkingToIt() throws {
        let site = try site()
        try site.write("content/about.md", "---\ntitle: About\n---\n[trip](posts/trip/index.md#setup)\n")
        try IncrementalBuildTests.backdate(site)
        func checked() throws -> Int? {
            let run = try site.sitegen("build", environment: ["SITEGEN_TIMINGS": "1"])
            #expect(run.status == 0, "\(run.stderr)")
            return run.stderr.firstMatch(of: /links checked \((\d+) files?\)/).flatMap { Int($0.1) }
        }
        let all = try #require(try checked())
        try site.write(
            "content/posts/added.md",
            "---\nusername: u\ntitle: Added\ndate: 2020-01-01\ntags: [brand-new]\n---\n[trip](trip/index.md#setup)\n")
        #expect(try checked() == 1)
        try site.expectSameAsCleanBuild("added")
        try FileManager.default.removeItem(at: site.url("content/posts/added.md"))
        #expect(try checked()! < all)
        try site.expectSameAsCleanBuild("deleted")
        // A file linking to one deleted is checked (and fails) though it did not change.
        try FileManager.default.removeItem(at: site.url("content/posts/trip"))
        let broken = try site.sitegen("build")
        #expect(broken.status != 0 && broken.stderr.contains("content/about.md:4:1: error: broken link"))
    }

    @Test func aChangedBaseURLRebasesTheLinksOfUnchangedFiles() throws {
        let site = try site()
        try site.write("content/about.md", "---\ntitle: About\n---\n[posts](/posts/) [trip](posts/trip/index.md)\n")
        try IncrementalBuildTests.backdate(site)
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.sitegen("build", "--base-url", "https://example.org/club/").status == 0)
        #expect(links(in: try site.read("public/about/index.html")).contains("/club/posts/trip/"))
        try site.expectSameAsCleanBuild(arguments: ["--base-url", "https://example.org/club/"])
    }

    @Test func aHundredThousandLinksInOnePostAreChecked() throws {
        let site = try site()
        let body = (0..<100_000).map { "[l\($0)](me-too.md) " }.joined() + "[bad](nope.md)\n"
        try site.write("content/posts/many.md", "---\nusername: u\n---\n" + body)
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("content/posts/many.md:4:"), "\(run.stderr.prefix(300))")
        #expect(
            run.stderr.contains(
                "error: broken link nope.md: there is no content/posts/nope.md\n1 error in 1 file; nothing was written\n"
            ))
    }
}

extension LinkTests {
    @Test func aNavEntryToAMissingPageIsAnErrorAtItsLineInSiteYml() throws {
        let site = try TempSite.sample()
        let settings = try site.read("site.yml")
        try site.write("site.yml", settings.replacingOccurrences(of: "url: /primes/}", with: "url: /primez/}"))
        let line =
            settings.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("url: /primes/}")
            }! + 1
        let column =
            settings.split(separator: "\n", omittingEmptySubsequences: false)[line - 1].count - "/primes/}".count + 1
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "site.yml:\(line):\(column): error: broken nav link /primez/: no page or file of this site is at /primez/\n"
                + "1 error in 1 file; nothing was written\n", "\(run.stderr)")
        #expect(!site.exists("public"))
    }
}
