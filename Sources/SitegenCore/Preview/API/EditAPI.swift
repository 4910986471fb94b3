/// The preview's editing API under `/_sitegen/api/` (README: "Editing in the
/// preview"): reads a content file, and edits or creates one through the same
/// code as `sitegen edit`, `new` and `primes`. This type checks who may write
/// and what was sent; `EditAPI+Operations` does the work.
///
/// A write must be a `POST` of JSON (`Content-Type: application/json`, at most
/// `HTTPLimits.bodyBytes`) carrying this run's token in `X-Sitegen-Token`; the
/// responder has already checked `Host` and `Origin`. The answer to a write
/// that changed a file comes once the preview has been rebuilt with it.
struct EditAPI: Sendable {
    /// The site folder, every link in its path resolved.
    let siteRoot: String
    /// The token writes must carry; `nil` when the preview is read-only.
    let token: EditToken?
    let rebuilds: RebuildWaiter
    /// The preview's now (a new post's date), in seconds since 1970.
    let now: @Sendable () -> Int64

    /// Where the API's addresses start.
    static let prefix = "/_sitegen/api/"

    /// The answer to a request for an address under `prefix`.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let name = String(request.path.dropFirst(Self.prefix.count))
        do throws(APIRefusal) {
            switch name {
            case "file":
                guard request.method == "GET" || request.method == "HEAD" else { throw Self.wrongMethod("GET") }
                guard let path = request.query["path"] else {
                    throw APIRefusal(400, "give the file as ?path=content/…")
                }
                return try file(path)
            case "edit", "new", "primes":
                let members = try writeRequest(request)
                switch name {
                case "edit": return try edit(members)
                case "new": return try create(members)
                default: return try primes(members)
                }
            default:
                throw APIRefusal(404, "no API address \(request.path); there are file, edit, new and primes")
            }
        } catch {
            return error.response
        }
    }

    /// The JSON object a write sends, after checking that this request may write at all.
    private func writeRequest(_ request: HTTPRequest) throws(APIRefusal) -> [String: JSONValue] {
        guard request.method == "POST" else { throw Self.wrongMethod("POST") }
        guard let token else { throw APIRefusal(403, "the preview is read-only (serve --read-only)") }
        guard token.matches(request.header("x-sitegen-token")) else {
            throw APIRefusal(
                403, "refused: the X-Sitegen-Token header is missing or wrong; reload the page to get this preview's")
        }
        let type = request.header("content-type") ?? ""
        let mediaType = type.split(separator: ";").first.map { String($0).trimmingWhitespace.lowercased() }
        guard mediaType == "application/json" else {
            throw APIRefusal(415, "send the request as JSON (Content-Type: application/json), not \"\(type)\"")
        }
        guard !request.bodyTooLarge else {
            throw APIRefusal(413, "the request is larger than \(HTTPLimits().bodyBytes / 1024 / 1024) MiB")
        }
        guard let members = JSONValue.parse(request.body)?.members else {
            throw APIRefusal(400, "the request's body is not a JSON object")
        }
        return members
    }

    private static func wrongMethod(_ allowed: String) -> APIRefusal {
        var refusal = APIRefusal(405, "this API address answers \(allowed) only")
        refusal.response.headers.append(("Allow", allowed == "GET" ? "GET, HEAD" : allowed))
        return refusal
    }
}
