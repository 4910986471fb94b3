import Foundation
import Testing

@testable import SitegenCore

/// `content/posts/<slug>/index.md` is the post `<slug>`, and the other files in
/// its folder are published beside its page; the same for menu items and profiles.
@Suite struct PageBundleTests {
    private static let photo = ImageTests.jpeg(width: 400, height: 300) + [0, 1, 2, 0x0D, 0x0A]

    /// Whether `bytes` are the photo as published: made anew without its metadata (`ResponsiveImageTests`), its size kept.
    private static func isThePhoto(_ bytes: [UInt8]) throws -> Bool {
        try VipsImage.header(of: bytes) == VipsImage.Header(width: 400, height: 300, pages: 1)
    }

    @Test func aBundleIsItsItemAndItsFilesArePublishedBesideThePage() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/trip/index.md", "---\nusername: 프렘\ntitle: 여행\ndate: 2024-03-01\n---\n사진\n")
        try site.writeBytes("content/posts/trip/photo.jpg", Self.photo)
        try site.write("content/posts/trip/maps/route.svg", "<svg/>\n")
        try site.write("content/menu/대방어/index.md", "---\nname: 대방어\nprice: 33000\n---\n")
        try site.writeBytes("content/menu/대방어/dish.jpg", Self.photo)
        try FileManager.default.removeItem(at: site.url("content/menu/대방어.md"))
        try site.write("content/profiles/lee/index.md", "---\nname: Lee\n---\n")
        try site.writeBytes("content/profiles/lee/avatar.jpg", Self.photo)
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(try site.read("public/posts/trip/index.html").contains("여행"))
        #expect(try Self.isThePhoto(site.bytes("public/posts/trip/photo.jpg")))
        #expect(try site.read("public/posts/trip/maps/route.svg") == "<svg/>\n")
        #expect(try site.read("public/menu/대방어/index.html").contains("33,000원"))
        #expect(try Self.isThePhoto(site.bytes("public/menu/대방어/dish.jpg")))
        #expect(try Self.isThePhoto(site.bytes("public/profiles/lee/avatar.jpg")))
        #expect(try site.read("public/posts/index.html").contains("/posts/trip/"))
    }

    @Test func aPlainFileAndABundleOfOneItemAreAnErrorNamingBoth() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/scrum-study/index.md", "---\nusername: 프렘\n---\nAgain\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                content/posts/scrum-study/index.md: error: this page bundle and content/posts/scrum-study.md are the same item; \
                keep one of them (move content/posts/scrum-study.md here as index.md)
                1 error in 1 file; nothing was written

                """)
        #expect(!site.exists("public"))
    }

    @Test func anotherMarkdownFileInABundleIsAnError() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/trip/index.md", "---\nusername: u\n---\nTrip\n")
        try site.write("content/posts/trip/notes.md", "---\nusername: u\n---\nNotes\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "content/posts/trip/notes.md: error: put this file directly in content/posts/, or name it index.md in its own folder (content/posts/<slug>/index.md)\n"
            ), "\(run.stderr)")
    }

    @Test func aDraftsFilesStayOutWithIt() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/secret/index.md", "---\nusername: u\ndraft: true\n---\nNot yet\n")
        try site.writeBytes("content/posts/secret/photo.jpg", Self.photo)
        #expect(try site.sitegen("build").status == 0)
        #expect(!site.exists("public/posts/secret"))
        #expect(try site.sitegen("build", "--drafts").status == 0)
        #expect(try Self.isThePhoto(site.bytes("public/posts/secret/photo.jpg")))
    }

    @Test func aPlainItemMayHaveAFolderOfFilesToo() throws {
        let site = try TempSite.sample()
        try site.writeBytes("content/posts/scrum-study/board.jpg", Self.photo)
        #expect(try site.sitegen("build").status == 0)
        #expect(try Self.isThePhoto(site.bytes("public/posts/scrum-study/board.jpg")))
    }

    @Test func turningAPostIntoABundleAndRemovingItsFilesRebuildsLikeACleanBuild() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        try FileManager.default.createDirectory(at: site.url("content/posts/me-too"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: site.url("content/posts/me-too.md"), to: site.url("content/posts/me-too/index.md"))
        try site.writeBytes("content/posts/me-too/photo.jpg", Self.photo)
        #expect(try site.sitegen("build").status == 0)
        #expect(try Self.isThePhoto(site.bytes("public/posts/me-too/photo.jpg")))
        try site.expectSameAsCleanBuild("bundled")
        try FileManager.default.removeItem(at: site.url("content/posts/me-too/photo.jpg"))
        #expect(try site.sitegen("build").status == 0)
        #expect(!site.exists("public/posts/me-too/photo.jpg"))
        try site.expectSameAsCleanBuild("file removed")
    }

    @Test func aSymlinkInABundleLeavingTheSiteIsRefused() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/trip/index.md", "---\nusername: u\n---\nTrip\n")
        try FileManager.default.createSymbolicLink(
            at: site.url("content/posts/trip/hosts"), withDestinationURL: URL(fileURLWithPath: "/etc/hosts"))
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "content/posts/trip/hosts: error: symbolic link leads outside the site folder (to /etc/hosts)\n"),
            "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func aBundleIsEditedInPlace() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/trip/index.md", "---\nusername: u\ntitle: Trip\n---\nBody\n")
        let run = try site.sitegen("edit", "content/posts/trip/index.md", "--set", "title=Road trip")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/posts/trip/index.md") == "---\nusername: u\ntitle: Road trip\n---\nBody\n")
    }
}
