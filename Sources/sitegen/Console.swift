import Foundation

/// Where the command line's words go: results to stdout, diagnostics and progress to stderr.
struct Console {
    /// Whether stderr is a terminal (progress is shown only then).
    let stderrIsTerminal = isatty(STDERR_FILENO) == 1

    func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
