/// `images:` in `site.yml`: how local photos are published (`ResponsiveImages`).
///
///     images: {widths: [480, 960, 1600], quality: 80, keep_metadata: false, max_pixels: 100000000}
package struct ImageSettings: Sendable, Hashable {
    /// The widths of the resized copies, ascending; a width at or above an image's own is skipped.
    package var widths: [Int] = [480, 960, 1600]
    /// The encoders' quality for JPEG and WebP, 1 to 100.
    package var quality = 80
    /// Published copies keep the source's metadata (EXIF with its GPS position, XMP, IPTC): off by default.
    package var keepsMetadata = false
    /// Images with more pixels than this are refused before any is decoded (a decompression bomb).
    package var maxPixels = 100_000_000

    package init() {}

    /// What the published bytes of an image are made of besides its own: part of its cache key.
    var digest: UInt64 {
        var hash = StableHash()
        hash.combine("images")
        for width in widths { hash.combine(UInt64(width)) }
        hash.combine(UInt64(quality))
        hash.combine(keepsMetadata ? "keep" : "strip")
        return hash.value
    }

    private static let keys = ["widths", "quality", "keep_metadata", "max_pixels"]

    /// Reads `images:`; each problem is reported at its value, and the default kept for it.
    static func read(_ fields: inout FieldReader) -> ImageSettings {
        var settings = ImageSettings()
        guard let node = fields.node("images") else { return settings }
        guard let pairs = node.pairs else {
            fields.report(
                "images must be a mapping like {widths: [480, 960, 1600], quality: 80}, found \(node.kindName)",
                at: node)
            return settings
        }
        for pair in pairs {
            let value = pair.value
            switch pair.key.scalarText {
            case "widths":
                guard case .sequence(let items, _) = value.content, !items.isEmpty else {
                    fields.report(
                        "images.widths must be a list of widths in pixels, like [480, 960, 1600], got \(FieldReader.quoted(value))",
                        at: value)
                    continue
                }
                var widths: [Int] = []
                for item in items {
                    guard let width = FieldReader.wholeNumber(in: item), (16...10_000).contains(width) else {
                        fields.report(
                            "each of images.widths must be a width in pixels from 16 to 10000, got \(FieldReader.quoted(item))",
                            at: item)
                        continue
                    }
                    widths.append(width)
                }
                if !widths.isEmpty { settings.widths = Array(Set(widths)).sorted() }
            case "quality":
                guard let quality = FieldReader.wholeNumber(in: value), (1...100).contains(quality) else {
                    fields.report(
                        "images.quality must be a whole number from 1 to 100, got \(FieldReader.quoted(value))",
                        at: value)
                    continue
                }
                settings.quality = quality
            case "keep_metadata":
                guard case .bool(let keeps) = value.scalarValue else {
                    fields.report(
                        "images.keep_metadata must be true or false, got \(FieldReader.quoted(value))", at: value)
                    continue
                }
                settings.keepsMetadata = keeps
            case "max_pixels":
                guard let pixels = FieldReader.wholeNumber(in: value), pixels >= 1 else {
                    fields.report(
                        "images.max_pixels must be a number of pixels, 1 or more, got \(FieldReader.quoted(value))",
                        at: value)
                    continue
                }
                settings.maxPixels = pixels
            default:
                fields.report(
                    "images has no setting \(FieldReader.quoted(pair.key)); they are \(keys.joined(separator: ", "))",
                    at: pair.key)
            }
        }
        return settings
    }
}
