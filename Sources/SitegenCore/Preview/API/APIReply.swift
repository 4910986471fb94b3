/// The editing API's answers: JSON bodies, and the status each failure gets.
enum APIReply {
    /// A JSON answer.
    static func json(_ status: Int, _ members: [String: JSONValue]) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                ("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store"),
                ("X-Content-Type-Options", "nosniff"),
            ],
            bytes: JSONValue.object(members).encoded)
    }

    /// A refusal or failure: `{"error": …, "diagnostics": […]}`.
    static func error(_ status: Int, _ message: String, _ diagnostics: [Diagnostic] = []) -> HTTPResponse {
        json(status, ["error": .string(message), "diagnostics": .array(diagnostics.sorted().map(json))])
    }

    /// What an edit's failure means for the client: 422 for the rules, 409 for a file changed meanwhile.
    static func failure(_ failure: EditFailure) -> HTTPResponse {
        switch failure {
        case .refused(let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }
            return error(422, (errors.first ?? diagnostics.first)?.message ?? "refused", diagnostics)
        case .changedOnDisk(let path):
            return error(
                409, "\(path) changed on disk since that version was read; nothing was written (read it again)")
        case .exists(let message): return error(409, message)
        // A name that cannot be a slug, a failed system call: it cannot be done as asked.
        case .failed(let message): return error(422, message)
        }
    }

    /// One diagnostic: where, how bad, what, and the line `build` prints for it.
    static func json(_ diagnostic: Diagnostic) -> JSONValue {
        var members: [String: JSONValue] = [
            "severity": .string(diagnostic.severity.rawValue), "path": .string(diagnostic.location.path),
            "message": .string(diagnostic.message), "text": .string(diagnostic.description),
        ]
        if let line = diagnostic.location.line { members["line"] = .number(Double(line)) }
        if let column = diagnostic.location.column { members["column"] = .number(Double(column)) }
        return .object(members)
    }

    /// Warnings of a write that went through.
    static func warnings(_ diagnostics: [Diagnostic]) -> JSONValue { .array(diagnostics.sorted().map(json)) }
}

/// A request the API refuses, with the answer to send.
struct APIRefusal: Error {
    /// The answer.
    var response: HTTPResponse

    /// A refusal with status, message and diagnostics.
    init(_ status: Int, _ message: String, _ diagnostics: [Diagnostic] = []) {
        response = APIReply.error(status, message, diagnostics)
    }

    /// An edit's failure as the API answers it.
    init(_ failure: EditFailure) { response = APIReply.failure(failure) }
}
