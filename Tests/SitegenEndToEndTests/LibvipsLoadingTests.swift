import Foundation
import Testing

@testable import SitegenCore

/// sitegen does not link libvips: it loads it when the first photo needs it, so a site without
/// photos never does, and a site with photos on a machine without libvips gets one error saying
/// how to install it. `SITEGEN_TEST_LIBVIPS` (tests only) names the library to load instead.
@Suite struct LibvipsLoadingTests {
    /// A site whose post `walk` shows `photo.jpg`, with a second photo in `static/`.
    static func siteWithPhotos() throws -> TempSite {
        let site = try ResponsiveImageTests.site()
        try site.writeBytes("content/posts/walk/photo.jpg", try VipsImage.sample(width: 300, height: 200))
        try site.writeBytes("static/img/lake.jpg", try VipsImage.sample(width: 500, height: 200, seed: 2))
        return site
    }

    static let install =
        "install it (`apt-get install libvips42` on Debian and Ubuntu, `brew install vips` on macOS, or `make deps` in sitegen's source folder)"

    @Test func withoutLibvipsASiteWithPhotosGetsOneErrorAtTheFirstPhotoAndNothingIsWritten() throws {
        let site = try Self.siteWithPhotos()
        let before = site.files(under: ".")
        let missing = site.root.path + "/no-such-folder/libvips.so.42"
        for command in ["build", "check"] {
            let run = try site.sitegen([command], environment: ["SITEGEN_TEST_LIBVIPS": missing])
            #expect(run.status == 1)
            #expect(
                run.stderr.split(separator: "\n").map(String.init) == [
                    "content/posts/walk/photo.jpg: error: publishing photos needs libvips, which cannot be loaded (\(missing): cannot open shared object file: No such file or directory); \(Self.install)",
                    command == "build"
                        ? "1 error in 1 file; nothing was written" : "1 error in 1 file; the site would not build",
                ], "\(run.stderr)")
            #expect(site.files(under: ".") == before)
        }
    }

    @Test func aLibraryWithoutLibvipssFunctionsIsNamedWithTheVersionNeeded() throws {
        let site = try Self.siteWithPhotos()
        #if canImport(Glibc)
            let other = "libc.so.6"
        #else
            let other = "/usr/lib/libSystem.B.dylib"
        #endif
        let run = try site.sitegen(["build"], environment: ["SITEGEN_TEST_LIBVIPS": other])
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "content/posts/walk/photo.jpg: error: publishing photos needs libvips, which cannot be loaded (the libvips found has no vips_init; sitegen needs libvips 8.14 or later); \(Self.install)",
                "1 error in 1 file; nothing was written",
            ], "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func aSiteWithoutPhotosBuildsWithoutLibvips() throws {
        let site = try TempSite.with([
            "site.yml": "title: Words\nbase_url: https://example.org/\n",
            "content/posts/hello.md": "---\nusername: u\ntitle: Hello\ndate: 2024-05-01\n---\nNo photo here.\n",
        ])
        let run = try site.sitegen(
            ["build"], environment: ["SITEGEN_TEST_LIBVIPS": site.root.path + "/no-such-folder/libvips.so.42"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(site.exists("public/posts/hello/index.html"))
    }

    #if os(Linux)
        /// glibc's loader names each library it loads on stderr with `LD_DEBUG=files`.
        @Test func libvipsIsLoadedOnlyWhenAPhotoIsPublished() throws {
            let words = try TempSite.with([
                "site.yml": "title: Words\nbase_url: https://example.org/\n",
                "content/posts/hello.md": "---\nusername: u\ntitle: Hello\ndate: 2024-05-01\n---\nNo photo here.\n",
            ])
            var run = try words.sitegen(["build"], environment: ["LD_DEBUG": "files"])
            #expect(run.status == 0)
            #expect(run.stderr.contains("libswiftCore"), "the loader names what it loads")
            #expect(!run.stderr.contains("libvips"))
            run = try words.sitegen(["--version"], environment: ["LD_DEBUG": "files"])
            #expect(!run.stderr.contains("libvips"))
            let photos = try Self.siteWithPhotos()
            run = try photos.sitegen(["build"], environment: ["LD_DEBUG": "files"])
            #expect(run.status == 0)
            #expect(run.stderr.contains("file=libvips.so.42"))
        }
    #endif
}
