import Foundation

/// Answers the preview's requests from the preview folder: checks who asks
/// (`HostCheck`), how (GET and HEAD only) and for what (`RequestPath`), then
/// sends the file, a redirect to a folder's address, the site's `404.html`, the
/// live-reload script or its event stream; `/_sitegen/api/` goes to `EditAPI`. No file outside the preview folder
/// is ever read: the path can only lead down, and a path through a symbolic
/// link is refused. Only pages rendered from the templates (`RenderedPages`) get
/// the token and the live-reload script; every other file is sent as it is, under
/// `Content-Security-Policy: sandbox allow-scripts`: its scripts run in an origin of
/// their own, which can neither read the preview's pages nor pass the API's `Origin` check.
struct PreviewResponder: Sendable {
    /// The preview folder, every link in its path resolved.
    let folder: String
    let hosts: HostCheck
    let events: ReloadEvents
    /// The editing API; its token goes into every rendered page served (none when read-only).
    let api: EditAPI
    /// Which files of the preview folder are rendered pages.
    let rendered: RenderedPages

    /// What a file published as it is may do when opened: run its scripts, but in an opaque origin.
    static let sandbox = ("Content-Security-Policy", "sandbox allow-scripts")

    /// Where the live-reload events are streamed.
    static let eventsPath = "/_sitegen/events"

    /// The answer to one request.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard let host = request.host else { return .text(400, "a Host header is needed") }
        guard hosts.allows(host: host) else {
            return .text(
                403,
                "refused: Host \"\(host)\" is not this preview's address; open it as http://localhost:\(hosts.port)/")
        }
        if let origin = request.header("origin"), !hosts.allows(origin: origin) {
            return .text(403, "refused: a page from \(origin) may not read this preview")
        }
        if request.path.hasPrefix(EditAPI.prefix) { return api.respond(to: request) }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "the preview only answers GET and HEAD", headers: [("Allow", "GET, HEAD")])
        }
        let path: RequestPath
        do {
            path = try RequestPath.parse(request.path)
        } catch {
            return .text(400, "refused: \(error.reason)")
        }
        if path.names.first == "_sitegen" { return own(request.path, request) }
        return file(path, request)
    }

    /// The preview's own addresses under `/_sitegen/`, which no site file can take.
    private func own(_ path: String, _ request: HTTPRequest) -> HTTPResponse {
        switch path {
        case Self.eventsPath:
            guard let stream = events.subscribe() else {
                return .text(
                    503, "refused: \(events.limit) pages of this preview are open already; close some and reload",
                    headers: [("Retry-After", "5"), ("Connection", "close")])
            }
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store")],
                stream: stream)
        case LiveReloadScript.path:
            return sending(Array(LiveReloadScript.source.utf8), type: ContentType.of(path), cache: "no-cache", request)
        case EditScript.path:
            return sending(Array(EditScript.source.utf8), type: ContentType.of(path), cache: "no-cache", request)
        default:
            return .text(404, "no such address")
        }
    }

    /// A file of the preview folder, or a redirect, or the site's 404 page.
    private func file(_ path: RequestPath, _ request: HTTPRequest) -> HTTPResponse {
        let named = path.names.isEmpty ? folder : folder + "/" + path.relative
        if !path.isFolder && DirectoryListing.isFolder(named) {
            let query = request.queryText.map { "?" + $0 } ?? ""  // Kept as sent: the page may read it.
            guard query.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                return .text(400, "refused: the query holds a byte that a URL cannot (a space, a control character)")
            }
            return HTTPResponse(
                status: 301, headers: [("Location", request.path + "/" + query), ("Cache-Control", "no-store")],
                bytes: [])
        }
        let target = path.isFolder ? named + "/index.html" : named
        guard let real = DirectoryListing.realPath(target) else { return notFound(request) }
        // The names are checked and every folder is ours, so the only way to differ is a link on the way.
        guard real == target else { return .text(403, "refused: the path leads through a symbolic link") }
        guard let (bytes, isRendered) = read(real) else { return notFound(request) }
        let type = ContentType.of(real)
        guard isRendered else {
            return sending(bytes, type: type, cache: "no-cache", request, headers: [Self.sandbox])
        }
        let isPage = ContentType.isPage(type)
        return sending(
            isPage ? served(LiveReloadScript.inject(into: bytes)) : bytes, type: type,
            cache: isPage ? "no-store" : "no-cache", request)
    }

    /// The bytes of the file at `real` in the preview folder and whether it is a rendered page,
    /// which is known only for a read that began and ended in one tree: a read that a rebuild's
    /// swap overtook is done again (a few times), so a page is not sent without its script just
    /// because it was asked for while a build landed. Reads that keep losing the race count as not
    /// rendered (sent sandboxed, never with the token); `nil` when the file is missing.
    private func read(_ real: String) -> (bytes: [UInt8], isRendered: Bool)? {
        let relative = String(real.dropFirst(folder.count + 1))
        for attempt in 1...Self.readAttempts {
            let tree = FileStatus(path: folder)?.inode
            guard DirectoryListing.isFile(real), let bytes = try? FileReader.read(real) else { return nil }
            if let tree, FileStatus(path: folder)?.inode == tree {
                return (bytes, rendered.contains(relative, inTree: tree))
            }
            if attempt == Self.readAttempts { return (bytes, false) }
        }
        return nil
    }

    /// How many times a read is tried while builds keep swapping the tree under it.
    private static let readAttempts = 4

    /// A file's bytes with its type and validator, or 304 when the client has them.
    private func sending(
        _ bytes: [UInt8], type: String, cache: String, _ request: HTTPRequest,
        headers extra: [(name: String, value: String)] = []
    ) -> HTTPResponse {
        let tag = "\"" + String(StableHash.of(bytes), radix: 16) + "\""
        let headers = [("ETag", tag), ("Cache-Control", cache), ("X-Content-Type-Options", "nosniff")] + extra
        if let wanted = request.header("if-none-match"), Self.matches(wanted, tag) {
            return HTTPResponse(status: 304, headers: headers, bytes: [])
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", type)] + headers, bytes: bytes)
    }

    /// The site's `404.html` with status 404 (a plain page when the site has none yet). It is
    /// always sitegen's own page: a published file cannot take its place (an output collision).
    private func notFound(_ request: HTTPRequest) -> HTTPResponse {
        let page = (try? FileReader.read(folder + "/404.html")) ?? Array(Self.missingPage.utf8)
        return HTTPResponse(
            status: 404,
            headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            bytes: served(LiveReloadScript.inject(into: page, alsoReloadFor: "/404.html")))
    }

    /// A page as served: with the editing token, unless the preview is read-only.
    private func served(_ page: [UInt8]) -> [UInt8] { api.token.map { $0.inject(into: page) } ?? page }

    private static let missingPage =
        "<!doctype html>\n<title>Not found</title>\n<body>\n<p>Nothing is here.</p>\n</body>\n"

    /// Whether an `If-None-Match` list names the tag (weak comparison, as RFC 9110 asks for it).
    private static func matches(_ list: String, _ tag: String) -> Bool {
        list.split(separator: ",").contains { item in
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || (trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed) == tag
        }
    }
}
