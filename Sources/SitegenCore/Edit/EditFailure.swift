/// Why an edit wrote nothing.
package enum EditFailure: Error, Sendable, CustomStringConvertible {
    /// The request breaks a rule or the result would not build: reported like `build`'s errors.
    case refused([Diagnostic])
    /// The file changed on disk between the read and the write (path relative to the site).
    case changedOnDisk(path: String)
    /// The file to create is there already (nothing was written); the message, in words.
    case exists(String)
    /// Anything else, already put in words: a missing file, a failed system call.
    case failed(String)

    /// The one-line message for the failures that are not diagnostics.
    /// Control characters (from a file name) are shown escaped, as in diagnostics.
    package var description: String {
        switch self {
        case .refused(let diagnostics): return diagnostics.map(\.description).joined(separator: "\n")
        case .changedOnDisk(let path):
            return
                "\(DiagnosticText.escaped(path)) changed on disk since it was read; nothing was written — run the edit again"
        case .exists(let message), .failed(let message): return DiagnosticText.escaped(message)
        }
    }

    /// A refusal with one diagnostic.
    static func refused(at location: SourceLocation, _ message: String) -> EditFailure {
        .refused([Diagnostic(at: location, message)])
    }
}
