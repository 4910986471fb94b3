/// What a `url` or `image` field may hold: a path of the site, or an absolute URL of a
/// scheme that navigates (never `javascript:` or `data:`, which would run or embed in a page).
enum URLFieldRules {
    /// Whether `text` starts with a URL scheme (`https:`, `mailto:`): RFC 3986's letter, then letters,
    /// digits, `+`, `-` or `.`, then a colon.
    static func isAbsolute(_ text: String) -> Bool { scheme(of: text) != nil }

    /// The scheme, lower-cased, if `text` starts with one.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// Schemes a page must never link to or load from.
    static let refusedSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

    /// Whether a `url` field may hold `text`: a site path (`/about/`) or an absolute URL of a harmless scheme.
    static func isURL(_ text: String) -> Bool {
        if let scheme = scheme(of: text) { return !refusedSchemes.contains(scheme) && text.count > scheme.count + 1 }
        return text.hasPrefix("/") && !text.hasPrefix("//")
    }

    /// Whether an `image` field may hold `text`: a file path (relative or from the site's root) or an `http(s)` URL.
    static func isImage(_ text: String) -> Bool {
        guard !text.allSatisfy(\.isWhitespace) else { return false }
        if let scheme = scheme(of: text) { return scheme == "http" || scheme == "https" }
        return !text.contains("?") && !text.contains("#")
    }
}
