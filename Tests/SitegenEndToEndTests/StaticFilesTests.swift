import Foundation
import Testing

/// `static/` is published at the output's root as it is, through the same
/// staging and incremental build as pages.
@Suite struct StaticFilesTests {
    /// Every byte value, so a copy that touches bytes (text decoding, line endings) shows.
    private static let binary = (0..<512).map { UInt8($0 % 256) }

    @Test func staticFilesAreCopiedToTheOutputRootByteForByte() throws {
        let site = try TempSite.sample()
        try site.write("static/robots.txt", "User-agent: *\nDisallow:\n")
        try site.writeBytes("static/img/logo.bin", Self.binary)
        try site.write("static/.nojekyll", "")
        try site.write("static/.well-known/security.txt", "Contact: mailto:a@example.org\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(try site.read("public/robots.txt") == "User-agent: *\nDisallow:\n")
        #expect(try site.bytes("public/img/logo.bin") == Self.binary)
        #expect(site.exists("public/.nojekyll"))
        #expect(try site.read("public/.well-known/security.txt").hasPrefix("Contact:"))
    }

    @Test func theDefaultThemeLinksTheFaviconItShipsFromEveryPage() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build", "--base-url", "https://example.org/club/").status == 0)
        for page in site.files(under: "public").filter({ $0.hasSuffix(".html") }) {
            #expect(
                try site.read("public/" + page).contains("<link rel=\"icon\" href=\"/club/assets/favicon.svg\""),
                "\(page)")
        }
        #expect(try site.read("public/assets/favicon.svg").hasPrefix("<svg"))
        try site.expectInternalLinksResolve(root: "/club/")
    }

    @Test func editorTempFilesAndVersionControlInStaticAreLeftOut() throws {
        let site = try TempSite.sample()
        for name in ["robots.txt~", ".robots.txt.swp", "#robots.txt#", ".DS_Store", ".git/config"] {
            try site.write("static/\(name)", "x\n")
        }
        #expect(try site.sitegen("build").status == 0)
        #expect(
            site.files(under: "public").allSatisfy {
                !$0.contains("robots") && !$0.contains(".git") && !$0.contains(".DS_Store")
            })
    }

    @Test func addingChangingAndRemovingAStaticFileRebuildsLikeACleanBuild() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        try site.writeBytes("static/img/a.png", Self.binary)
        let added = try site.sitegen("build")
        #expect(added.stdout.contains("(0 rendered, 31 unchanged)"), "\(added.stdout)")
        #expect(try site.bytes("public/img/a.png") == Self.binary)
        try site.expectSameAsCleanBuild("added")
        try site.writeBytes("static/img/a.png", Array(Self.binary.reversed()))  // Same size, other bytes.
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.bytes("public/img/a.png") == Array(Self.binary.reversed()))
        try site.expectSameAsCleanBuild("changed")
        try FileManager.default.removeItem(at: site.url("static/img"))
        #expect(try site.sitegen("build").status == 0)
        #expect(!site.exists("public/img"))
        try site.expectSameAsCleanBuild("removed")
    }

    @Test func aStaticFileCollidingWithAPageIsAnErrorNamingBoth() throws {
        let site = try TempSite.sample()
        try site.write("static/about/index.html", "<p>hand-made</p>\n")
        try site.write("static/feed.xml", "<feed/>\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n") == [
                "static/about/index.html: error: this file and content/about.md's page would both be written to about/index.html; rename or remove one of them",
                "static/feed.xml: error: this file and sitegen's page feed.xml would both be written to feed.xml; rename or remove one of them",
                "2 errors in 2 files; nothing was written",
            ])
        #expect(!site.exists("public"))
    }

    @Test func aPageInsideAThemeAssetOrSitegensOwnFileIsAnErrorInCheckAndBuild() throws {
        let site = try TempSite.sample()
        try site.write("content/assets/style.css.md", "# Style\n")
        try site.write("content/sitemap.xml.md", "# Map\n")
        try site.write("content/feed.xml/index.md", "# Feed\n")
        for command in ["check", "build"] {
            let run = try site.sitegen(command)
            #expect(run.status == 1)
            #expect(
                run.stderr.split(separator: "\n").map(String.init) == [
                    "content/assets/style.css.md: error: this page would be written to assets/style.css/index.html, inside assets/style.css, which is the theme's asset; rename or remove one of them",
                    "content/feed.xml/index.md: error: this page would be written to feed.xml/index/index.html, inside feed.xml, which is sitegen's own page; rename or remove one of them",
                    "content/sitemap.xml.md: error: this page would be written to sitemap.xml/index.html, inside sitemap.xml, which is sitegen's own page; rename or remove one of them",
                    command == "check"
                        ? "3 errors in 3 files; the site would not build" : "3 errors in 3 files; nothing was written",
                ], "\(command): \(run.stderr)")
        }
        #expect(!site.exists("public"))
    }

    @Test func aStaticFileCollidingWithABundleFileOrAThemeAssetIsAnError() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/trip/index.md", "---\nusername: u\n---\nTrip\n")
        try site.write("content/posts/trip/map.svg", "<svg/>\n")
        try site.write("static/posts/trip/map.svg", "<svg/>\n")
        try site.write("static/assets/style.css", "body{}\n")
        try site.write("static/menu", "a file where a folder goes\n")
        let run = try site.sitegen("check")
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "static/assets/style.css: error: this file and the theme's assets/style.css would both be written to assets/style.css; rename or remove one of them"
            ))
        #expect(
            lines.contains(
                "static/posts/trip/map.svg: error: this file and content/posts/trip/map.svg would both be written to posts/trip/map.svg; rename or remove one of them"
            ))
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "static/menu: error: this file would be written to menu, where the site needs a folder (for menu/")
            })
        #expect(!site.exists("public"))
    }

    @Test func aCNAMEInStaticIsPublishedRatherThanKeptFromTheOldOutput() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        try site.write("public/CNAME", "old.example.org\n")
        try site.write("static/CNAME", "club.example.org\n")
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/CNAME") == "club.example.org\n")
        // Once the site stops publishing it, the output's CNAME is kept as any other build keeps it.
        try FileManager.default.removeItem(at: site.url("static/CNAME"))
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/CNAME") == "club.example.org\n")
    }

    @Test func aStaticFileInsideAKeptFolderIsAnError() throws {
        let site = try TempSite.sample()
        try site.write("site.yml", try site.read("site.yml") + "keep: [docs]\n")
        try site.write("static/docs/guide.txt", "never arrives\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "static/docs/guide.txt: error: this file would be written inside docs, which builds leave as the output has it (keep:); remove one of them\n"
            ), "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func aSymlinkInStaticLeavingTheSiteIsRefused() throws {
        let site = try TempSite.sample()
        try FileManager.default.createDirectory(at: site.url("static"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: site.url("static/passwd"), withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "static/passwd: error: symbolic link leads outside the site folder (to /etc/passwd)\n"), "\(run.stderr)"
        )
        #expect(!site.exists("public"))
    }

    @Test func aSymlinkInStaticInsideTheSiteIsCopiedAsAFile() throws {
        let site = try TempSite.sample()
        try site.write("art/logo.svg", "<svg/>\n")
        try FileManager.default.createDirectory(at: site.url("static"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: site.url("static/logo.svg"), withDestinationURL: site.url("art/logo.svg"))
        #expect(try site.sitegen("build").status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: site.url("public/logo.svg").path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try site.read("public/logo.svg") == "<svg/>\n")
    }

    @Test func aHugeSparseFileInStaticIsRefusedByMaxFileSize() throws {
        let site = try TempSite.sample()
        try site.write("static/huge.bin", "")
        let handle = try FileHandle(forWritingTo: site.url("static/huge.bin"))
        try handle.truncate(atOffset: 2_000_000_000)
        try handle.close()
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "static/huge.bin: error: file is 2000000000 bytes, larger than max_file_size (10000000); raise max_file_size in site.yml if this is intended\n"
            ), "\(run.stderr)")
        #expect(!site.exists("public"))
    }
}
