/// The `Content-Type` the preview sends for a file, by its extension; text always says UTF-8.
enum ContentType {
    /// The type of the file at a path.
    static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        let suffix = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
        return types[suffix] ?? "application/octet-stream"
    }

    /// Whether a type is a page the live-reload script goes into.
    static func isPage(_ type: String) -> Bool { type.hasPrefix("text/html") }

    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json; charset=utf-8", "xml": "application/xml; charset=utf-8",
        "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8", "csv": "text/csv; charset=utf-8",
        "svg": "image/svg+xml; charset=utf-8", "webmanifest": "application/manifest+json; charset=utf-8",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "ico": "image/x-icon", "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf",
        "otf": "font/otf", "pdf": "application/pdf", "wasm": "application/wasm", "mp4": "video/mp4",
        "webm": "video/webm",
        "mp3": "audio/mpeg", "zip": "application/zip",
    ]
}
