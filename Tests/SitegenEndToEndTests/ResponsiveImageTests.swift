import Foundation
import Testing

@testable import SitegenCore

/// Photos are published with resized copies at `images.widths` in WebP and in their own
/// format, upright, without their metadata, shown with `srcset`; made once, kept in the
/// state folder, and made again only when the photo or the settings change.
@Suite struct ResponsiveImageTests {
    /// A JPEG stored `width` × `height` with EXIF orientation 6 (turned a quarter clockwise to show),
    /// a GPS position, a camera make and a serial number.
    static func phonePhoto(width: Int, height: Int, seed: Int = 1) throws -> [UInt8] {
        try VipsImage.sample(
            width: width, height: height, seed: seed, orientation: 6,
            exif: [
                ("exif-ifd0-Make", "SitegenCam"), ("exif-ifd2-BodySerialNumber", "SN-4471"),
                ("exif-ifd3-GPSLatitudeRef", "N"), ("exif-ifd3-GPSLatitude", "37/1 33/1 59/1"),
            ])
    }

    /// The sample's GPS latitude, 37° 33′ 59″, as EXIF stores it: three rationals, in either byte order.
    static let latitudes: [[UInt8]] = {
        let numbers: [UInt32] = [37, 1, 33, 1, 59, 1]
        return [
            numbers.flatMap { number in (0..<4).map { UInt8(truncatingIfNeeded: number >> (24 - 8 * $0)) } },
            numbers.flatMap { number in (0..<4).map { UInt8(truncatingIfNeeded: number >> (8 * $0)) } },
        ]
    }()

    /// A site whose post `walk` shows `photo.jpg`, with `images:` as given.
    static func site(images: String = "{widths: [100, 200, 400]}") throws -> TempSite {
        let site = try TempSite.with([
            "site.yml": "title: Photos\nbase_url: https://example.org/\nimages: \(images)\n",
            "content/posts/walk/index.md":
                "---\nusername: u\ntitle: Walk\ndate: 2024-05-01\n---\nA walk.\n\n![The lake](photo.jpg)\n",
        ])
        return site
    }

    /// The output files of the walk's photo.
    private func photoFiles(_ site: TempSite) -> [String] {
        site.files(under: "public/posts/walk").filter { !$0.hasSuffix(".html") }.sorted()
    }

    /// The width and height a published file holds, from its header.
    private func size(_ site: TempSite, _ path: String) throws -> [Int] {
        let header = try VipsImage.header(of: try site.bytes(path))
        return [header.width, header.height]
    }

    @Test func aPhotoIsPublishedAtEachSmallerWidthInWebPAndItsOwnFormatAndShownWithSrcset() throws {
        let site = try Self.site()
        try site.writeBytes("content/posts/walk/photo.jpg", try VipsImage.sample(width: 300, height: 200))
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            photoFiles(site) == [
                "photo-100w.jpg", "photo-100w.webp", "photo-200w.jpg", "photo-200w.webp", "photo-300w.webp",
                "photo.jpg",
            ])
        #expect(try size(site, "public/posts/walk/photo-100w.jpg") == [100, 67])
        #expect(try size(site, "public/posts/walk/photo-200w.webp") == [200, 133])
        #expect(try size(site, "public/posts/walk/photo-300w.webp") == [300, 200])
        #expect(try size(site, "public/posts/walk/photo.jpg") == [300, 200])
        let sizes = "(max-width: 50rem) calc(100vw - 2rem), 48rem"
        let picture =
            "<picture><source type=\"image/webp\" srcset=\"/posts/walk/photo-100w.webp 100w, /posts/walk/photo-200w.webp 200w, /posts/walk/photo-300w.webp 300w\" sizes=\"\(sizes)\">"
            + "<img src=\"/posts/walk/photo.jpg\" alt=\"The lake\" srcset=\"/posts/walk/photo-100w.jpg 100w, /posts/walk/photo-200w.jpg 200w, /posts/walk/photo.jpg 300w\" sizes=\"\(sizes)\" width=\"300\" height=\"200\" decoding=\"async\" /></picture>"
        let page = try site.read("public/posts/walk/index.html")
        #expect(page.contains("<p>" + picture + "</p>"), "\(page)")
    }

    @Test func aPNGKeepsItsFormatAndAWebPHasNoOtherCopies() throws {
        let site = try TempSite.with([
            "site.yml": "title: Photos\nbase_url: https://example.org/\nimages: {widths: [50]}\n",
            "content/about.md": "---\ntitle: About\n---\n![a](/img/a.png)\n\n![b](/img/b.webp)\n",
        ])
        try site.writeBytes("static/img/a.png", try VipsImage.sample(width: 80, height: 40, format: .png))
        try site.writeBytes("static/img/b.webp", try VipsImage.sample(width: 80, height: 40, format: .webp))
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            site.files(under: "public/img").sorted() == [
                "a-50w.png", "a-50w.webp", "a-80w.webp", "a.png", "b-50w.webp", "b.webp",
            ])
        let page = try site.read("public/about/index.html")
        #expect(
            page.contains(
                "<img src=\"/img/b.webp\" alt=\"b\" srcset=\"/img/b-50w.webp 50w, /img/b.webp 80w\" sizes=\"(max-width: 50rem) calc(100vw - 2rem), 48rem\" width=\"80\" height=\"40\" decoding=\"async\" loading=\"lazy\" />"
            ), "\(page)")
    }

    @Test func exifOrientationIsAppliedAndNoPublishedFileKeepsTheMetadata() throws {
        let site = try Self.site()
        let photo = try Self.phonePhoto(width: 300, height: 200)
        // The sample carries what a phone writes: EXIF with the camera, its serial number, and where it was.
        #expect(
            photo.contains(subsequence: Array("Exif\0\0".utf8)) && photo.contains(subsequence: Array("SN-4471".utf8)))
        #expect(Self.latitudes.contains { photo.contains(subsequence: $0) })
        try site.writeBytes("content/posts/walk/photo.jpg", photo)
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        // Upright: 200 wide, 300 high.
        #expect(try site.read("public/posts/walk/index.html").contains("width=\"200\" height=\"300\""))
        #expect(try size(site, "public/posts/walk/photo.jpg") == [200, 300])
        #expect(try size(site, "public/posts/walk/photo-100w.webp") == [100, 150])
        #expect(photoFiles(site).count == 4)  // 100w twice, 200w WebP, the original.
        for name in photoFiles(site) {
            let bytes = try site.bytes("public/posts/walk/" + name)
            if name.hasSuffix(".jpg") {
                #expect(!bytes.contains(subsequence: Array("Exif\0\0".utf8)), "\(name) has an EXIF segment")
            }
            #expect(!Self.latitudes.contains { bytes.contains(subsequence: $0) }, "\(name) has the GPS latitude")
            #expect(!bytes.contains(subsequence: Array("SN-4471".utf8)), "\(name) has the serial number")
            #expect(!bytes.contains(subsequence: Array("SitegenCam".utf8)), "\(name) has the camera")
        }
    }

    @Test func keepMetadataPublishesTheOriginalAsItIs() throws {
        let site = try Self.site(images: "{widths: [100], keep_metadata: true, quality: 60}")
        let photo = try Self.phonePhoto(width: 300, height: 200)
        try site.writeBytes("content/posts/walk/photo.jpg", photo)
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.bytes("public/posts/walk/photo.jpg") == photo)
        #expect(try site.bytes("public/posts/walk/photo-100w.jpg").contains(subsequence: Array("SN-4471".utf8)))
    }

    @Test func aDamagedJPEGIsAnErrorAtTheFileAndWhereItIsShownAndNothingIsWritten() throws {
        let site = try Self.site()
        var photo = try VipsImage.sample(width: 300, height: 200)
        // The Huffman tables made nonsense: the header and the end marker are whole.
        var offset = 0
        while offset + 1 < photo.count, !(photo[offset] == 0xFF && photo[offset + 1] == 0xC4) { offset += 1 }
        for index in (offset + 5)..<(offset + 21) { photo[index] = 0xFF }
        try site.writeBytes("content/posts/walk/photo.jpg", photo)
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(
            lines.first
                == "content/posts/walk/index.md:8:1: error: image photo.jpg is cut short or damaged; publish the whole file"
        )
        let atFile = lines.dropFirst().first ?? ""
        #expect(
            atFile.hasPrefix("content/posts/walk/photo.jpg: error: this JPEG image is damaged (libvips: ")
                && atFile.hasSuffix("); publish the whole file"), "\(atFile)")
        #expect(lines.last == "2 errors in 2 files; nothing was written")
        #expect(!site.exists("public"))
    }

    @Test func aPhotoOverThePixelLimitIsRefusedBeforeItIsDecoded() throws {
        let site = try Self.site(images: "{max_pixels: 50000}")
        try site.writeBytes("content/posts/walk/photo.jpg", try VipsImage.sample(width: 300, height: 200))
        // A decompression bomb: a PNG header saying 20000 × 20000, and nearly no data.
        try site.writeBytes("static/bomb.png", ImageTests.pngHeader(width: 20000, height: 20000))
        try site.write("content/about.md", "---\ntitle: About\n---\n![bomb](/bomb.png)\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "content/about.md:4:1: error: image /bomb.png has more pixels than images.max_pixels allows",
                "content/posts/walk/index.md:8:1: error: image photo.jpg has more pixels than images.max_pixels allows",
                "content/posts/walk/photo.jpg: error: this image is 300 × 200 pixels, more than images.max_pixels (50000) in site.yml; make it smaller, or raise max_pixels if this is intended",
                "static/bomb.png: error: this image is 20000 × 20000 pixels, more than images.max_pixels (50000) in site.yml; make it smaller, or raise max_pixels if this is intended",
                "4 errors in 4 files; nothing was written",
            ], "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func aCopyMayNotReplaceAFileTheSitePublishes() throws {
        let site = try Self.site()
        try site.writeBytes("content/posts/walk/photo.jpg", try VipsImage.sample(width: 300, height: 200))
        try site.writeBytes(
            "content/posts/walk/photo-100w.webp", try VipsImage.sample(width: 50, height: 40, format: .webp))
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "content/posts/walk/photo.jpg: error: the resized copy posts/walk/photo-100w.webp of this image would replace the file the site publishes there; rename one of them",
                "1 error in 1 file; nothing was written",
            ], "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func imageSettingsAreCheckedWhereTheyAreWritten() throws {
        let site = try Self.site(images: "{widths: [100, 5], quality: 0, keep_metadata: maybe, sizes: 3}")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "site.yml:3:24: error: each of images.widths must be a width in pixels from 16 to 10000, got \"5\"",
                "site.yml:3:37: error: images.quality must be a whole number from 1 to 100, got \"0\"",
                "site.yml:3:55: error: images.keep_metadata must be true or false, got \"maybe\"",
                "site.yml:3:62: error: images has no setting \"sizes\"; they are widths, quality, keep_metadata, max_pixels",
                "4 errors in 1 file; nothing was written",
            ], "\(run.stderr)")
    }

    @Test func aReplacedPhotoIsMadeAgainAndNothingElseIs() throws {
        let site = try Self.site()
        try site.writeBytes("content/posts/walk/photo.jpg", try VipsImage.sample(width: 300, height: 200, seed: 1))
        try site.writeBytes("static/img/lake.jpg", try VipsImage.sample(width: 500, height: 200, seed: 2))
        try IncrementalBuildTests.backdate(site)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)],
            ofItemAtPath: site.url("static/img/lake.jpg").path)
        let timings = ["SITEGEN_TIMINGS": "1"]
        /// What the build said it did with the photos (`SITEGEN_TIMINGS=1`).
        func photoWork(_ run: RunResult) -> String {
            guard let line = run.stderr.split(separator: "\n").first(where: { $0.contains("photos: ") }),
                let start = line.range(of: "photos: ")
            else { return run.stderr }
            return line[start.lowerBound...].split(separator: " ").dropLast(2).joined(separator: " ")
        }
        var run = try site.sitegen(["build"], environment: timings)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(photoWork(run) == "photos: 2 published, 2 read, 2 resized", "\(photoWork(run))")
        // Nothing changed: no photo is read, none is decoded.
        run = try site.sitegen(["build"], environment: timings)
        #expect(photoWork(run) == "photos: 2 published, 0 read, 0 resized", "\(photoWork(run))")
        let lake = try site.identity("public/img/lake-400w.webp")
        try site.writeBytes("content/posts/walk/photo.jpg", try VipsImage.sample(width: 300, height: 200, seed: 3))
        run = try site.sitegen(["build"], environment: timings)
        #expect(photoWork(run) == "photos: 2 published, 1 read, 1 resized", "\(photoWork(run))")
        #expect(try site.identity("public/img/lake-400w.webp") == lake)
        try site.expectSameAsCleanBuild("replaced")
        // Other widths: every photo is made again, the pages show the new copies.
        try site.write("site.yml", "title: Photos\nbase_url: https://example.org/\nimages: {widths: [150]}\n")
        run = try site.sitegen(["build"], environment: timings)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(photoWork(run).contains("2 resized"), "\(photoWork(run))")
        #expect(try site.read("public/posts/walk/index.html").contains("/posts/walk/photo-150w.jpg 150w"))
        #expect(!site.exists("public/posts/walk/photo-100w.jpg"))
        try site.expectSameAsCleanBuild("widths changed")
        // The cache holds the copies of what is published now, and nothing else.
        #expect(try site.names(in: ".public.sitegen/images").count == 3)  // Two photos and the index.
    }
}

extension [UInt8] {
    /// Whether `part` occurs in these bytes.
    fileprivate func contains(subsequence part: [UInt8]) -> Bool {
        guard let first = part.first, count >= part.count else { return false }
        for start in 0...(count - part.count) where self[start] == first {
            if self[start..<(start + part.count)].elementsEqual(part) { return true }
        }
        return false
    }
}
