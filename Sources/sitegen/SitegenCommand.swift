import SitegenCore

/// One `sitegen` subcommand.
protocol SitegenCommand {
    /// The word that selects it: `build`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The usage line shown with usage errors.
    static var usage: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Runs the command; it fails by throwing `UsageError` or `CommandFailure` (`main.swift` gives the exit codes).
    static func run(_ arguments: [String], console: Console) throws
}

/// A run that failed (exit code 1): the site, a file or the system refused.
struct CommandFailure: Error {
    /// What `main` prints on stderr; `nil` when the command printed its diagnostics as it found them.
    var message: String?

    /// A failure whose diagnostics the command has already printed.
    static let reported = CommandFailure(message: nil)
}

extension SitegenCommand {
    /// Up to three names, then how many more: `a, b, c and 4 more`.
    static func fewOf(_ names: [String]) -> String {
        names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
    }

    /// Prints diagnostics and a summary line in the compiler's style; returns the error count.
    @discardableResult
    static func report(_ diagnostics: [Diagnostic], console: Console, failing: String) -> Int {
        for diagnostic in diagnostics.sorted() { console.err("\(diagnostic)\n") }
        let errors = diagnostics.filter { $0.severity == .error }
        let warnings = diagnostics.count - errors.count
        if !errors.isEmpty {
            let files = Set(errors.map(\.location.path)).count
            var line = "\(Plural.count(errors.count, "error")) in \(Plural.count(files, "file"))"
            if warnings > 0 { line += " (and \(Plural.count(warnings, "warning")))" }
            console.err("\(line); \(failing)\n")
        }
        return errors.count
    }
}
