import Foundation
import Testing

@testable import SitegenCore

/// Local images get their `width` and `height` from their headers, and every
/// image of a page but the first loads lazily.
@Suite struct ImageTests {
    /// A PNG of the given size (grey noise, made by libvips).
    static func png(width: Int, height: Int) -> [UInt8] {
        try! VipsImage.sample(width: width, height: height, format: .png)
    }

    /// A JPEG of the given size (grey noise, made by libvips).
    static func jpeg(width: Int, height: Int) -> [UInt8] {
        try! VipsImage.sample(width: width, height: height, format: .jpeg)
    }

    /// A PNG of the given size as far as its structure goes: its header and its end (no pixels).
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8) + bigEndian(width)
            + bigEndian(height) + [8, 2, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0] + Array("IEND".utf8)
            + [0xAE, 0x42, 0x60, 0x82]
    }

    private func images(in html: String) -> [String] { html.matches(of: /<img [^>]*>/).map { String($0.0) } }

    @Test func localImagesGetTheirSizeAndAllButTheFirstLoadLazily() throws {
        let site = try TempSite.sample()
        try site.writeBytes("content/posts/trip/photo.png", Self.png(width: 30, height: 20))
        try site.writeBytes("static/img/a.png", Self.png(width: 640, height: 480))
        try site.write("static/img/b.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 120 60\"></svg>\n")
        try site.write(
            "content/posts/trip/index.md",
            "---\nusername: u\n---\n![first](photo.png \"Trip\")\n\n![a](/img/a.png) ![b](../../../static/img/b.svg) ![far](https://example.org/x.png)\n"
        )
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        // Photos (PNG, JPEG, WebP) have resized copies too (`ResponsiveImageTests`).
        let sizes = "(max-width: 50rem) calc(100vw - 2rem), 48rem"
        #expect(
            images(in: try site.read("public/posts/trip/index.html")) == [
                "<img src=\"/posts/trip/photo.png\" alt=\"first\" srcset=\"/posts/trip/photo.png 30w\" sizes=\"\(sizes)\" width=\"30\" height=\"20\" decoding=\"async\" title=\"Trip\" />",
                "<img src=\"/img/a.png\" alt=\"a\" srcset=\"/img/a-480w.png 480w, /img/a.png 640w\" sizes=\"\(sizes)\" width=\"640\" height=\"480\" decoding=\"async\" loading=\"lazy\" />",
                "<img src=\"/img/b.svg\" alt=\"b\" width=\"120\" height=\"60\" loading=\"lazy\" />",
                "<img src=\"https://example.org/x.png\" alt=\"far\" loading=\"lazy\" />",
            ])
    }

    @Test func anImageChangingSizeRerendersThePagesShowingIt() throws {
        let site = try TempSite.sample()
        try site.writeBytes("static/img/a.png", Self.png(width: 640, height: 480))
        try site.write("content/about.md", "---\ntitle: About\n---\n![a](/img/a.png)\n")
        try IncrementalBuildTests.backdate(site)
        #expect(try site.sitegen("build").status == 0)
        try site.writeBytes("static/img/a.png", Self.png(width: 320, height: 240))
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/about/index.html").contains("width=\"320\" height=\"240\""))
        try site.expectSameAsCleanBuild()
    }

    @Test func anImageWithALyingHeaderIsShownWithoutASizeAndAWarning() throws {
        let site = try TempSite.sample()
        try site.writeBytes("static/img/huge.png", Self.pngHeader(width: 2_000_000_000, height: 1))
        try site.writeBytes("static/img/cut.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A])
        try site.write("static/img/text.gif", "not a gif\n")
        try site.write(
            "content/about.md", "---\ntitle: About\n---\n![h](/img/huge.png) ![c](/img/cut.jpg) ![t](/img/text.gif)\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        let warning = "warning: cannot tell this image's size"
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "static/img/cut.jpg: \(warning) (it is no JPEG image, or its header is damaged); pages show it without width and height",
                "static/img/huge.png: \(warning) (it is no PNG image, or its header is damaged); pages show it without width and height",
                "static/img/text.gif: \(warning) (it is no GIF image, or its header is damaged); pages show it without width and height",
            ], "\(run.stderr)")
        let shown = images(in: try site.read("public/about/index.html"))
        #expect(shown.count == 3 && shown.allSatisfy { !$0.contains("width=") }, "\(shown)")
    }

    /// A JPEG cut short, as a failed upload leaves one: an error at the file and at the line showing it.
    @Test func aTruncatedJPEGIsAnErrorAtTheFileAndWhereItIsShown() throws {
        let site = try TempSite.sample()
        let whole = Self.jpeg(width: 200, height: 150)
        try site.writeBytes("static/img/cut.jpg", Array(whole.prefix(2048)))
        try site.write("content/posts/trip.md", "---\nusername: u\n---\nLook:\n\n![cut](/img/cut.jpg)\n")
        for command in ["check", "build"] {
            let run = try site.sitegen(command)
            #expect(run.status == 1)
            #expect(
                run.stderr.split(separator: "\n").map(String.init) == [
                    "content/posts/trip.md:6:1: error: image /img/cut.jpg is cut short or damaged; publish the whole file",
                    "static/img/cut.jpg: error: this JPEG image is cut short or damaged (a JPEG ends with the marker FF D9); publish the whole file",
                    command == "check"
                        ? "2 errors in 2 files; the site would not build" : "2 errors in 2 files; nothing was written",
                ], "\(command): \(run.stderr)")
        }
        #expect(!site.exists("public"))
        try site.writeBytes("static/img/cut.jpg", whole)
        #expect(try site.sitegen("build").status == 0)
    }
}
