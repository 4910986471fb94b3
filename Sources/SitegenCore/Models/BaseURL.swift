/// The URL a site is published at (`base_url` in `site.yml`, `--base-url`),
/// parsed once where it enters: either absolute (a scheme and a host, with a
/// path: `https://example.org/club/`) or a path alone (`/club/`). Links are
/// made under its `path`; feeds and sitemaps need it absolute.
package struct BaseURL: Sendable, Hashable {
    /// The URL as written, ending with `/` (`https://example.org/club/`, `/club/`).
    package let text: String
    /// The scheme (`https`), when absolute.
    package let scheme: String?
    /// The host, with a port or user if written (`example.org:8080`), when absolute.
    package let host: String?
    /// The path the site lives under, starting and ending with `/`.
    package let path: String

    /// Whether the URL names a scheme and a host, so links can be made absolute with it.
    package var isAbsolute: Bool { host != nil }

    /// The site at the root of whatever host serves it: `/`.
    package static let root = BaseURL(text: "/", scheme: nil, host: nil, path: "/")

    private init(text: String, scheme: String?, host: String?, path: String) {
        self.text = text
        self.scheme = scheme
        self.host = host
        self.path = path
    }

    /// Why a text is not a base URL.
    package struct Problem: Error, Sendable, Equatable {
        /// What is wrong and how to write it, after the URL in quotes; the caller names the setting.
        package let message: String
    }

    /// Parses `written`; a missing final `/` is added. A host name without a scheme
    /// (`example.org`, `//example.org/`) is refused with the URL it probably means.
    package init(parsing written: String) throws(Problem) {
        let text = written.hasSuffix("/") ? written : written + "/"
        let colon = text.firstIndex(of: ":").flatMap { Self.isScheme(text[..<$0]) ? $0 : nil }
        if let colon, text[text.index(after: colon)...].hasPrefix("//") {
            let authority = text[text.index(colon, offsetBy: 3)...].prefix { $0 != "/" }
            guard !authority.isEmpty else {
                throw Problem(message: "\(Self.quoted(written)) has no host; \(Self.forms)")
            }
            guard !text.contains("?"), !text.contains("#") else {
                throw Problem(
                    message: "\(Self.quoted(written)) cannot have a query or a fragment; \(Self.forms)")
            }
            self.init(
                text: text, scheme: String(text[..<colon]), host: String(authority),
                path: String(text[authority.endIndex...]))
            return
        }
        if text.hasPrefix("//") {
            let host = text.dropFirst(2).prefix { $0 != "/" }
            throw Problem(message: Self.missingScheme(written, host: host, path: text[host.endIndex...]))
        }
        let firstSegment = text.prefix { $0 != "/" }
        if Self.looksLikeHost(firstSegment) {
            throw Problem(
                message: Self.missingScheme(written, host: firstSegment, path: text[firstSegment.endIndex...]))
        }
        if colon != nil {
            throw Problem(message: "\(Self.quoted(written)) has a scheme but no host; \(Self.forms)")
        }
        guard !text.contains("?"), !text.contains("#") else {
            throw Problem(message: "\(Self.quoted(written)) cannot have a query or a fragment; \(Self.forms)")
        }
        let path = text.hasPrefix("/") ? text : "/" + text
        self.init(text: text, scheme: nil, host: nil, path: path)
    }

    /// The two forms a base URL takes, for messages.
    private static let forms = "write an absolute URL like https://example.org/ or a path like /club/"

    private static func missingScheme(_ written: String, host: Substring, path: Substring) -> String {
        "\(quoted(written)) has no scheme, so every link would be a path under it; did you mean https://\(host)\(path.isEmpty ? "/" : path)?"
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }

    /// RFC 3986's scheme: a letter, then letters, digits, `+`, `-` and `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }

    /// Whether a path's first segment reads as a host name: `example.org`, `localhost`,
    /// `127.0.0.1:8080` — a dot between two names, or a port.
    private static func looksLikeHost(_ segment: Substring) -> Bool {
        if segment == "localhost" || segment.hasPrefix("localhost:") { return true }
        let name = segment.prefix { $0 != ":" }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
    }
}
