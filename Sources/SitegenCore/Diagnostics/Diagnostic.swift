/// One problem found in a site: where it is, how bad it is, and what to do.
public struct Diagnostic: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How a diagnostic affects the run.
    package enum Severity: String, Sendable, Hashable {
        /// The run fails and writes nothing.
        case error
        /// Reported, but the run goes on.
        case warning
    }

    /// Where the problem is.
    package var location: SourceLocation
    /// Whether the problem stops the run.
    package var severity: Severity
    /// What is wrong, in words a user can act on.
    package var message: String

    /// Creates a diagnostic; errors by default.
    package init(_ severity: Severity = .error, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// `path:line:column: error: message`, on one line whatever the path and the message
    /// hold: their control characters are shown escaped (`DiagnosticText`).
    public var description: String {
        "\(DiagnosticText.escaped(location.description)): \(severity.rawValue): \(DiagnosticText.escaped(message))"
    }

    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        return lhs.message < rhs.message
    }
}

/// Several diagnostics found in one run, thrown together so the user sees them all.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    /// The diagnostics, sorted by location.
    package let diagnostics: [Diagnostic]

    /// Wraps the given diagnostics, sorted.
    package init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted() }

    /// The errors among them.
    package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// One line per diagnostic.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
