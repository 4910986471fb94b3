/// A request's target as sent on its request line, split into its parts. Besides the usual
/// `/path?query`, HTTP/1.1 servers must accept the absolute form a proxy sends,
/// `http://host:port/path?query` (RFC 9112, 3.2.2): its authority then stands in for
/// the `Host` header, and is checked as that would be.
struct RequestTarget: Equatable, Sendable {
    /// The path, percent-encoding kept; `/` when an absolute form gives none.
    var path: String
    /// The query after `?` exactly as sent (without the `?`), if there is one.
    var query: String?
    /// The absolute form's `host:port`, if the target had that form.
    var authority: String?

    /// Splits a target exactly as sent. A target that is neither a path nor an `http://` URL keeps
    /// it whole as its path, which `RequestPath` then refuses.
    init(_ sent: String) {
        var rest = Substring(sent)
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        let scheme = "http://"
        if rest.count > scheme.count, rest.prefix(scheme.count).lowercased() == scheme {
            let afterScheme = rest.dropFirst(scheme.count)
            let slash = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            authority = String(afterScheme[..<slash])
            rest = afterScheme[slash...]
            if rest.isEmpty { rest = "/" }
        }
        path = String(rest)
    }
}
