import Foundation
import Testing

/// `updated:` says when a post (any dated item, a plain page) last changed: shown on its page,
/// the feed entry's `<updated>`, the sitemap's `<lastmod>` and `article:modified_time`; and
/// `lastmod: git` takes it from the site's git history instead.
@Suite struct UpdatedDateTests {
    static let post = "---\nusername: kim\ntitle: Edited\ndate: 2025-01-02\nupdated: 2025-03-03\n---\nText\n"

    @Test func aPostsUpdatedDateIsShownInTheFeedAndTheSitemap() throws {
        let site = try TempSite.with([
            "site.yml": "title: T\nbase_url: https://example.org/\n",
            "content/posts/edited.md": Self.post,
            "content/posts/plain.md": "---\nusername: kim\ndate: 2025-01-01\n---\nText\n",
            "content/about.md": "---\ntitle: About\nupdated: 2025-02-02T10:00:00+09:00\n---\nText\n",
        ])
        let run = try site.sitegen("build")
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let page = try site.read("public/posts/edited/index.html")
        #expect(
            page.contains(
                "<time datetime=\"2025-01-02T00:00:00Z\">January 2, 2025</time> · "
                    + "<span class=\"updated\">updated March 3, 2025</span>"))
        #expect(!(try site.read("public/posts/plain/index.html")).contains("class=\"updated\""))
        let feed = try site.read("public/feed.xml")
        #expect(feed.contains("  <updated>2025-03-03T00:00:00Z</updated>\n"))
        #expect(
            feed.contains("<id>https://example.org/posts/edited/</id>\n    <updated>2025-03-03T00:00:00Z</updated>"))
        #expect(feed.contains("<id>https://example.org/posts/plain/</id>\n    <updated>2025-01-01T00:00:00Z</updated>"))
        let sitemap = try site.read("public/sitemap.xml")
        #expect(
            sitemap.contains(
                "<url><loc>https://example.org/posts/edited/</loc><lastmod>2025-03-03T00:00:00Z</lastmod></url>"))
        #expect(
            sitemap.contains(
                "<url><loc>https://example.org/about/</loc><lastmod>2025-02-02T10:00:00+09:00</lastmod></url>"))
        #expect(sitemap.contains("<url><loc>https://example.org/</loc></url>"))
    }

    @Test func theUpdatedDateIsInTheSitesLanguage() throws {
        let site = try TempSite.with([
            "site.yml": "title: T\nbase_url: https://example.org/\nlanguage: ko\n",
            "content/posts/edited.md": Self.post,
        ])
        #expect(try site.sitegen("build").status == 0)
        #expect(
            try site.read("public/posts/edited/index.html").contains("<span class=\"updated\">2025년 3월 3일 수정</span>"))
    }

    @Test func aCollectionItemsUpdatedDateFieldIsItsLastmod() throws {
        let site = try TempSite.with([
            "site.yml": """
            title: T
            base_url: https://example.org/
            collections:
              events:
                fields: {title: text, starts: date, updated: date}

            """,
            "content/events/meetup.md": "---\ntitle: Meetup\nstarts: 2025-05-01\nupdated: 2025-04-04\n---\nText\n",
        ])
        let run = try site.sitegen("build")
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        #expect(
            try site.read("public/sitemap.xml").contains(
                "<url><loc>https://example.org/events/meetup/</loc><lastmod>2025-04-04T00:00:00Z</lastmod></url>"))
        #expect(
            try site.read("public/events/meetup/index.html").contains(
                "<meta property=\"article:modified_time\" content=\"2025-04-04T00:00:00Z\">"))
    }

    /// Runs git in the site with a fixed identity and commit time.
    private static func git(_ site: TempSite, _ arguments: [String], at date: String = "2025-01-01T00:00:00Z") throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["git", "-C", site.root.path, "-c", "user.name=Test", "-c", "user.email=test@example.org"]
            + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_AUTHOR_DATE"] = date
        environment["GIT_COMMITTER_DATE"] = date
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = site.root.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    @Test func lastmodGitTakesEachFilesLastCommitAndAnUncommittedFilesModificationTime() throws {
        let site = try TempSite.with([
            "site.yml": "title: T\nbase_url: https://example.org/\nlastmod: git\n",
            "content/posts/old.md": "---\nusername: kim\ndate: 2024-12-01\nupdated: 2024-12-02\n---\nText\n",
            "content/posts/edited.md": "---\nusername: kim\ndate: 2024-12-01\n---\nText\n",
            "content/about.md": "---\ntitle: About\n---\nText\n",
        ])
        try Self.git(site, ["init", "-q"])
        try Self.git(site, ["add", "."])
        try Self.git(site, ["commit", "-q", "-m", "first"], at: "2025-01-10T08:00:00Z")
        try site.write("content/posts/edited.md", "---\nusername: kim\ndate: 2024-12-01\n---\nText, edited\n")
        try Self.git(site, ["commit", "-q", "-a", "-m", "second"], at: "2025-02-20T09:30:00Z")
        // Changed since the last commit, and never committed: their modification times.
        try site.write("content/about.md", "---\ntitle: About\n---\nText, changed\n")
        try site.write("content/posts/new.md", "---\nusername: kim\ndate: 2024-12-01\n---\nNew\n")
        let modified = Date(timeIntervalSince1970: 1_750_000_000)  // 2025-06-15T15:06:40Z
        for path in ["content/about.md", "content/posts/new.md"] {
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: site.url(path).path)
        }
        let run = try site.sitegen("build")
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let sitemap = try site.read("public/sitemap.xml")
        for (page, date) in [
            ("posts/old/", "2025-01-10T08:00:00Z"), ("posts/edited/", "2025-02-20T09:30:00Z"),
            ("about/", "2025-06-15T15:06:40Z"), ("posts/new/", "2025-06-15T15:06:40Z"),
        ] {
            #expect(sitemap.contains("<loc>https://example.org/\(page)</loc><lastmod>\(date)</lastmod>"), "\(page)")
        }
        #expect(try site.read("public/posts/old/index.html").contains("updated January 10, 2025"))
    }

    @Test func lastmodGitOutsideARepositoryWarnsAndUsesTheField() throws {
        let site = try TempSite.with([
            "site.yml": "title: T\nbase_url: https://example.org/\nlastmod: git\n",
            "content/posts/edited.md": Self.post,
        ])
        let run = try site.sitegen(
            "build", environment: ["GIT_CEILING_DIRECTORIES": site.root.deletingLastPathComponent().path])
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "site.yml:3:10: warning: lastmod: git, but the site is not in a git repository with a commit; "
                + "each page's updated field is used instead\n")
        #expect(try site.read("public/sitemap.xml").contains("<lastmod>2025-03-03T00:00:00Z</lastmod>"))
    }

    @Test func lastmodTakesOnlyGit() throws {
        let site = try TempSite.with(["site.yml": "title: T\nbase_url: https://example.org/\nlastmod: field\n"])
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "site.yml:3:10: error: lastmod must be git (each content file's last commit date), got \"field\"; "
                    + "leave it out to use the updated field\n"), "\(run.stderr)")
    }
}
