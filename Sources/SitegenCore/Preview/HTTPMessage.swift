import Foundation

/// One request as the preview server sees it: already parsed by libmicrohttpd.
struct HTTPRequest: Sendable {
    /// The method, as sent (`GET`).
    var method: String
    /// The path of the request target exactly as sent: percent-encoding kept, the query left out.
    var path: String
    /// The query exactly as sent (without its `?`), if there is one.
    var queryText: String?
    /// The target's `host:port` when it was sent in absolute form (`GET http://host:port/ HTTP/1.1`):
    /// the host the request is for, in place of the `Host` header.
    var authority: String?
    /// Header values by lowercased name.
    var headers: [String: String]
    /// The query's arguments, percent-decoded.
    var query: [String: String] = [:]
    /// The body (a POST's), at most `HTTPLimits.bodyBytes`.
    var body: [UInt8] = []
    /// Whether the body was longer than the limit (and so left out).
    var bodyTooLarge = false

    /// A request; the query's arguments as sent, percent-encoding kept (they are decoded here).
    init(
        method: String, target: RequestTarget, headers: [String: String], query: [String: String] = [:],
        body: [UInt8] = [], bodyTooLarge: Bool = false
    ) {
        self.method = method
        self.path = target.path
        self.queryText = target.query
        self.authority = target.authority
        self.headers = headers
        self.query = query.mapValues { $0.removingPercentEncoding ?? $0 }
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }

    /// A header's value, by name in any case.
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The host the request is for: the absolute form's authority, else the `Host` header.
    var host: String? { authority ?? header("host") }
}

/// What the preview server answers.
struct HTTPResponse: Sendable {
    /// The status code.
    var status: Int
    /// Header fields, in order.
    var headers: [(name: String, value: String)]
    /// The body.
    var body: Body

    /// A body whole, or sent piece by piece as it is produced.
    enum Body: Sendable {
        case bytes([UInt8])
        case stream(any HTTPBodyStream)
    }

    /// A response with a whole body.
    init(status: Int, headers: [(name: String, value: String)] = [], bytes: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = .bytes(bytes)
    }

    /// A response whose body is streamed.
    init(status: Int, headers: [(name: String, value: String)], stream: any HTTPBodyStream) {
        self.status = status
        self.headers = headers
        self.body = .stream(stream)
    }

    /// A short plain-text answer: an error, a refusal.
    static func text(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")] + headers,
            bytes: Array((message + "\n").utf8))
    }
}

/// A response body produced over time (Server-Sent Events).
protocol HTTPBodyStream: AnyObject, Sendable {
    /// The next bytes to send, waiting for them as long as needed; `nil` ends the response.
    func next() -> [UInt8]?
}
