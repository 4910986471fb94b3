/// Builds the links of a site: clean URLs under the base URL's path, each
/// segment percent-encoded so Unicode slugs (`대방어`) make valid links.
package struct SitePaths: Sendable {
    /// The path the site lives under, starting and ending with `/`.
    package let root: String
    /// The URL the site is published at; links are made absolute with it when it is.
    package let baseURL: BaseURL

    /// Paths for a site published at `settings.baseURL`.
    package init(settings: SiteSettings) {
        root = settings.baseURL.path
        baseURL = settings.baseURL
    }

    /// The link to a page whose folder is given by path segments: `["menu", "대방어"]`
    /// → `/menu/%EB%8C%80%EB%B0%A9%EC%96%B4/`. No segments is the home page.
    package func link(_ segments: [String]) -> String {
        // Most segments (ASCII slugs) need no encoding: written as they are, without an encoded copy of each.
        segments.allSatisfy(Self.isUnreserved)
            ? link(encoded: segments) : link(encoded: segments.map(Self.percentEncoded))
    }

    /// The link of segments already percent-encoded, written in place (every page's link is made on every build).
    private func link(encoded: [String]) -> String {
        String(unsafeUninitializedCapacity: encoded.reduce(root.utf8.count) { $0 + $1.utf8.count + 1 }) { buffer in
            var end = 0
            func put(_ text: String) {
                text.withBorrowedUTF8 { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: bytes)
                    end += bytes.count
                }
            }
            put(root)
            for segment in encoded {
                put(segment)
                buffer[end] = UInt8(ascii: "/")
                end += 1
            }
            return end
        }
    }

    /// The link to a file at the site's root, e.g. `feed.xml`.
    package func link(file: String) -> String { root + Self.percentEncoded(file) }

    /// An absolute URL for a site link, for feeds and sitemaps.
    package func absolute(_ link: String) -> String {
        guard baseURL.isAbsolute else { return link }
        return baseURL.text + link.dropFirst(root.count)
    }

    /// A link as written in `site.yml` (`/posts/`) placed under the root path.
    package func resolve(_ written: String) -> String {
        if written.containsText("://") || written.hasPrefix("mailto:") { return written }
        return root + written.drop { $0 == "/" }
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    package static func percentEncoded(_ segment: String) -> String {
        if isUnreserved(segment) { return segment }  // Most slugs: nothing to encode.
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                result.append(byte)
            } else {
                result.append(UInt8(ascii: "%"))
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 15)])
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether a segment is only RFC 3986's unreserved characters (nothing to encode).
    private static func isUnreserved(_ segment: String) -> Bool {
        segment.withBorrowedUTF8 { $0.allSatisfy(isUnreserved) }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
}
