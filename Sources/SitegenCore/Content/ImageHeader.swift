/// The pixel size an image file says it has, read from its first bytes (no
/// decoding): PNG's IHDR, GIF's screen descriptor, JPEG's start-of-frame,
/// WebP's VP8/VP8L/VP8X header, SVG's `width`/`height` or `viewBox`.
enum ImageHeader {
    /// The image formats whose size is read, by file name extension.
    enum Format: Sendable {
        case png, gif, jpeg, webp, svg

        /// The format a file name's extension names, if any.
        init?(fileName: String) {
            switch fileName.split(separator: ".").last?.lowercased() {
            case "png": self = .png
            case "gif": self = .gif
            case "jpg", "jpeg": self = .jpeg
            case "webp": self = .webp
            case "svg": self = .svg
            default: return nil
            }
        }
    }

    /// How many bytes of a file are enough to find its size (JPEG metadata can come first).
    static let prefixLength = 256 * 1024

    /// How many of a file's last bytes `isWhole` looks at.
    static let suffixLength = 16

    /// Whether an image file is whole by its structure, not decoded: a JPEG ends with its
    /// end-of-image marker (`FF D9`, within its last bytes), a PNG with its `IEND` chunk, a GIF with its trailer
    /// (`3B`), and a WebP's RIFF size is the file's. `head` is the file's first bytes,
    /// `tail` its last ones, `size` its length. An SVG is text: always whole here.
    static func isWhole(head: [UInt8], tail: [UInt8], size: Int, format: Format) -> Bool {
        switch format {
        case .jpeg:
            // Some writers add a few bytes after it. `FF D9` cannot occur inside the compressed
            // data (an `FF` there is followed by `00` or a restart marker), so it is the end.
            return zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
        case .png:
            return tail.count >= 12
                && tail.suffix(12).elementsEqual([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        case .gif: return tail.last == 0x3B
        case .webp:
            guard let riff = littleEndian(head, 4, 4) else { return false }
            return riff + 8 == size || riff + 9 == size  // A RIFF chunk of odd size is padded.
        case .svg: return true
        }
    }

    /// What a whole file of the format ends with, for messages.
    static func end(of format: Format) -> String {
        switch format {
        case .jpeg: "a JPEG ends with the marker FF D9"
        case .png: "a PNG ends with an IEND chunk"
        case .gif: "a GIF ends with the byte 3B"
        case .webp: "a WebP is as long as its RIFF header says"
        case .svg: "an SVG is text"
        }
    }

    /// The largest width or height believed; a header saying more is lying.
    static let largest = 100_000

    /// The size the bytes say, or `nil` when they are not that format or say nothing believable.
    /// An SVG without a size (it scales) gives `nil` too; `says(nothing:)` tells the two apart.
    static func size(of bytes: [UInt8], format: Format) -> (width: Int, height: Int)? {
        let size: (Int, Int)?
        switch format {
        case .png: size = png(bytes)
        case .gif: size = gif(bytes)
        case .jpeg: size = jpeg(bytes)
        case .webp: size = webp(bytes)
        case .svg: size = svg(bytes)
        }
        guard let (width, height) = size, (1...largest).contains(width), (1...largest).contains(height) else {
            return nil
        }
        return (width, height)
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    private static func starts(_ bytes: [UInt8], with prefix: [UInt8], at offset: Int = 0) -> Bool {
        offset + prefix.count <= bytes.count && bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
    }

    private static func png(_ bytes: [UInt8]) -> (Int, Int)? {
        guard starts(bytes, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            starts(bytes, with: Array("IHDR".utf8), at: 12),
            let width = bigEndian(bytes, 16, 4), let height = bigEndian(bytes, 20, 4)
        else { return nil }
        return (width, height)
    }

    private static func gif(_ bytes: [UInt8]) -> (Int, Int)? {
        guard starts(bytes, with: Array("GIF87a".utf8)) || starts(bytes, with: Array("GIF89a".utf8)),
            let width = littleEndian(bytes, 6, 2), let height = littleEndian(bytes, 8, 2)
        else { return nil }
        return (width, height)
    }

    /// Walks JPEG's segments to the first start-of-frame (baseline, progressive, lossless, arithmetic).
    private static func jpeg(_ bytes: [UInt8]) -> (Int, Int)? {
        guard starts(bytes, with: [0xFF, 0xD8]) else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {  // Fill bytes before a marker.
                offset += 1
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {  // Markers without a length.
                offset += 2
                continue
            }
            guard let length = bigEndian(bytes, offset + 2, 2), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                guard let height = bigEndian(bytes, offset + 5, 2), let width = bigEndian(bytes, offset + 7, 2) else {
                    return nil
                }
                return (width, height)
            }
            if marker == 0xD9 || marker == 0xDA { return nil }  // End of image, or scan data before any frame.
            offset += 2 + length
        }
        return nil
    }

    private static func webp(_ bytes: [UInt8]) -> (Int, Int)? {
        guard starts(bytes, with: Array("RIFF".utf8)), starts(bytes, with: Array("WEBP".utf8), at: 8) else {
            return nil
        }
        if starts(bytes, with: Array("VP8 ".utf8), at: 12) {
            guard starts(bytes, with: [0x9D, 0x01, 0x2A], at: 23), let width = littleEndian(bytes, 26, 2),
                let height = littleEndian(bytes, 28, 2)
            else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        }
        if starts(bytes, with: Array("VP8L".utf8), at: 12) {
            guard bytes.count > 20, bytes[20] == 0x2F, let bits = littleEndian(bytes, 21, 4) else { return nil }
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        }
        if starts(bytes, with: Array("VP8X".utf8), at: 12) {
            guard let width = littleEndian(bytes, 24, 3), let height = littleEndian(bytes, 27, 3) else { return nil }
            return (width + 1, height + 1)
        }
        return nil
    }

    /// The root `<svg>` element's `width` and `height` (plain numbers or `px`), else its `viewBox`'s.
    private static func svg(_ bytes: [UInt8]) -> (Int, Int)? {
        let text = String(decoding: bytes.prefix(16 * 1024), as: UTF8.self)
        guard let open = text.range(of: "<svg"), let close = text[open.upperBound...].firstIndex(of: ">") else {
            return nil
        }
        let tag = text[open.upperBound..<close]
        func attribute(_ name: String) -> String? {
            for quote in ["\"", "'"] {
                guard let start = tag.range(of: " \(name)=\(quote)"),
                    let end = tag[start.upperBound...].firstIndex(of: Character(quote))
                else { continue }
                return String(tag[start.upperBound..<end])
            }
            return nil
        }
        func pixels(_ value: String?) -> Int? {
            guard var value = value?.trimmingCharacters(in: " ") else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            return Double(value).flatMap { $0.isFinite && $0 > 0 && $0 < Double(largest) ? Int($0.rounded()) : nil }
        }
        if let width = pixels(attribute("width")), let height = pixels(attribute("height")) { return (width, height) }
        let box =
            attribute("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } ?? []
        guard box.count == 4, box[2].isFinite, box[3].isFinite, box[2] >= 1, box[3] >= 1, box[2] < Double(largest),
            box[3] < Double(largest)
        else { return nil }
        return (Int(box[2].rounded()), Int(box[3].rounded()))
    }
}
