import Testing

@testable import SitegenCore

@Suite("Image sizes from headers") struct ImageHeaderTests {
    private func size(_ bytes: [UInt8], _ format: ImageHeader.Format) -> [Int]? {
        ImageHeader.size(of: bytes, format: format).map { [$0.width, $0.height] }
    }

    @Test func pngGifAndWebPSayTheirSizeInTheirFirstBytes() {
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0, 0, 2, 128, 0, 0, 1, 224,
            ]
        #expect(size(png, .png) == [640, 480])
        #expect(size(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00], .gif) == [320, 240])
        let riff = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        #expect(
            size(
                riff + Array("VP8X".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0] + [0x7F, 0x02, 0x00, 0xDF, 0x01, 0x00], .webp)
                == [640, 480])
        // 639 and 479, 14 bits each.
        let lossless = riff + Array("VP8L".utf8) + [0, 0, 0, 0, 0x2F] + [0x7F, 0xC2, 0x77, 0x00]
        #expect(size(lossless, .webp) == [640, 480])
    }

    @Test func jpegsSizeIsInItsFirstFrameHeaderAfterAnyMetadata() {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x06] + Array("JFIF".utf8)
        let frame: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03]
        #expect(size([0xFF, 0xD8] + app0 + frame, .jpeg) == [640, 480])
        #expect(size([0xFF, 0xD8] + app0, .jpeg) == nil)  // Cut before the frame.
        #expect(size([0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF], .jpeg) == nil)  // A length past the end.
    }

    @Test func svgsSizeIsItsWidthAndHeightElseItsViewBox() {
        #expect(size(Array("<?xml version=\"1.0\"?><svg width=\"100px\" height='50'>".utf8), .svg) == [100, 50])
        #expect(
            size(Array("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 120.4 60\">".utf8), .svg) == [120, 60])
        #expect(size(Array("<svg width=\"100%\">".utf8), .svg) == nil)
    }

    @Test func aHeaderSayingNothingBelievableGivesNoSize() {
        let zero: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0, 0, 0, 0, 0, 0, 1, 0,
            ]
        #expect(size(zero, .png) == nil)
        let huge: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0x7F, 0, 0, 0, 0, 0, 1, 0,
            ]
        #expect(size(huge, .png) == nil)
        #expect(size(Array("GIF89a".utf8), .gif) == nil)
        #expect(size([], .jpeg) == nil)
        #expect(size(Array("RIFF".utf8), .webp) == nil)
    }
}
