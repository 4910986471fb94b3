/// A local photo (JPEG, PNG or WebP) published with resized copies: at each
/// of `images.widths` below its own width, in WebP and in its own format, and
/// at its own width in WebP, beside the original (made anew without its
/// metadata unless `images.keep_metadata`). Pages show it with `srcset`.
struct ResponsiveImage: Sendable, Hashable {
    /// The original's output path: `posts/walk/photo.jpg`.
    var output: String
    var format: VipsImage.Format
    /// Its size turned upright (EXIF orientation applied).
    var width: Int
    var height: Int
    /// The widths of its resized copies, ascending, each below `width`.
    var widths: [Int]
    /// The cache folder of its copies (`ImageCache`): its bytes' hash and the settings.
    var key: UInt64
    /// The original is published as it is (`images.keep_metadata`), not from the cache.
    var keepsOriginal: Bool

    /// One published file made from the photo.
    struct Copy: Sendable, Hashable {
        /// Its output path: `posts/walk/photo-480w.webp`.
        var output: String
        /// Its name in the cache folder: `480.webp`.
        var cacheName: String
        var width: Int
        var format: VipsImage.Format
    }

    /// The files made from the photo, the original among them unless it is published as it is.
    var copies: [Copy] {
        var copies: [Copy] = []
        for width in widths {
            copies.append(copy(width: width, format: .webp))
            if format != .webp { copies.append(copy(width: width, format: format)) }
        }
        if format != .webp { copies.append(copy(width: width, format: .webp)) }
        if !keepsOriginal {
            copies.append(Copy(output: output, cacheName: "full." + format.fileExtension, width: width, format: format))
        }
        return copies
    }

    private func copy(width: Int, format: VipsImage.Format) -> Copy {
        Copy(
            output: Self.output(of: output, width: width, format: format),
            cacheName: "\(width).\(format.fileExtension)", width: width, format: format)
    }

    /// A copy's output path: `posts/walk/photo.jpg` at 480 in WebP → `posts/walk/photo-480w.webp`.
    static func output(of original: String, width: Int, format: VipsImage.Format) -> String {
        let slash = original.lastIndex(of: "/").map { original.index(after: $0) } ?? original.startIndex
        let stem = original[slash...].lastIndex(of: ".").map { original[..<$0] } ?? original[...]
        return stem + "-\(width)w." + format.fileExtension
    }

    /// The `srcset` of the copies in `format` (the original at its own width, for its own format), under `url`,
    /// the original's URL.
    func sourceSet(url: String, format shown: VipsImage.Format) -> String {
        var entries = widths.map { width in
            "\(Self.output(of: url, width: width, format: shown)) \(width)w"
        }
        entries.append(
            (shown == format ? url : Self.output(of: url, width: width, format: shown)) + " \(width)w")
        return entries.joined(separator: ", ")
    }

    /// The `sizes` every page gives: the default theme's text column, the screen less its margins
    /// on a phone, else 48rem.
    static let sizes = "(max-width: 50rem) calc(100vw - 2rem), 48rem"

    /// The fingerprint of a copy's bytes: what they are made of.
    func fingerprint(of copy: Copy) -> UInt64 {
        var hash = StableHash()
        hash.combine("image")
        hash.combine(key)
        hash.combine(copy.cacheName)
        return hash.value
    }
}

/// The `srcset`s a page gives a photo shown at `url` (its original's address), from what the
/// model knows of it (`ImageSize.resized`): its own format's, and the WebP copies' when the
/// original is not WebP itself (for a `<picture>`'s `<source>`). HTML-escaped unless `escaped` is false
/// (for a template value, which the template escapes).
struct ResponsivePicture {
    var sourceSet: String
    var webpSourceSet: String?

    init?(url: String, output: String, size: ImageSize, escaped: Bool = true) {
        guard let resized = size.resized, let format = VipsImage.Format(fileName: output) else { return nil }
        let image = ResponsiveImage(
            output: output, format: format, width: size.width, height: size.height, widths: resized, key: 0,
            keepsOriginal: false)
        func escape(_ text: String) -> String { escaped ? HTMLText.escaped(text) : text }
        sourceSet = escape(image.sourceSet(url: url, format: format))
        webpSourceSet = format == .webp ? nil : escape(image.sourceSet(url: url, format: .webp))
    }
}
