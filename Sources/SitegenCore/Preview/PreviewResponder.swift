import Foundation

/// Answers the preview's requests from the preview folder: checks who asks
/// (`HostCheck`), how (GET and HEAD only) and for what (`RequestPath`), then
/// sends the file, a redirect to a folder's address, the site's `404.html`, the
/// live-reload script or its event stream; `/_sitegen/api/` goes to `EditAPI`. No file outside the preview folder
/// is ever read: the path can only lead down, and a path through a symbolic
/// link is refused.
struct PreviewResponder: Sendable {
    /// The preview folder, every link in its path resolved.
    let folder: String
    let hosts: HostCheck
    let events: ReloadEvents
    /// The editing API; its token goes into every page served (none when read-only).
    let api: EditAPI

    /// Where the live-reload events are streamed.
    static let eventsPath = "/_sitegen/events"

    /// The answer to one request.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard let host = request.header("host") else { return .text(400, "a Host header is needed") }
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
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store")],
                stream: events.subscribe())
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
            return HTTPResponse(
                status: 301, headers: [("Location", request.path + "/"), ("Cache-Control", "no-store")], bytes: [])
        }
        let target = path.isFolder ? named + "/index.html" : named
        guard let real = DirectoryListing.realPath(target) else { return notFound(request) }
        // The names are checked and every folder is ours, so the only way to differ is a link on the way.
        guard real == target else { return .text(403, "refused: the path leads through a symbolic link") }
        guard DirectoryListing.isFile(real), let bytes = try? FileReader.read(real) else { return notFound(request) }
        let type = ContentType.of(real)
        let isPage = ContentType.isPage(type)
        return sending(
            isPage ? served(LiveReloadScript.inject(into: bytes)) : bytes, type: type,
            cache: isPage ? "no-store" : "no-cache", request)
    }

    /// A file's bytes with its type and validator, or 304 when the client has them.
    private func sending(_ bytes: [UInt8], type: String, cache: String, _ request: HTTPRequest) -> HTTPResponse {
        let tag = "\"" + String(StableHash.of(bytes), radix: 16) + "\""
        let headers = [("ETag", tag), ("Cache-Control", cache), ("X-Content-Type-Options", "nosniff")]
        if let wanted = request.header("if-none-match"), Self.matches(wanted, tag) {
            return HTTPResponse(status: 304, headers: headers, bytes: [])
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", type)] + headers, bytes: bytes)
    }

    /// The site's `404.html` with status 404 (a plain page when the site has none yet).
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
