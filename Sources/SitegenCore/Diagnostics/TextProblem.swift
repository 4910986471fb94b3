/// A problem found by a parser that works on text alone: it knows the line
/// and column but not the file; the loader adds the path.
package struct TextProblem: Error, Sendable, Hashable {
    /// 1-based line, or `nil` for the whole text.
    package var line: Int?
    /// 1-based column, or `nil` when unknown.
    package var column: Int?
    /// What is wrong.
    package var message: String

    /// Creates a problem at a 1-based line and column.
    package init(line: Int?, column: Int?, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// The diagnostic for this problem in the given file.
    package func diagnostic(in path: String, _ severity: Diagnostic.Severity = .error) -> Diagnostic {
        Diagnostic(severity, at: SourceLocation(path: path, line: line, column: column), message)
    }
}
