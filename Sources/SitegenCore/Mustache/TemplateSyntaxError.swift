/// A template that cannot be parsed: what is wrong and where (1-based line
/// and column, the column counting characters).
package struct TemplateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the offending tag.
    package let line: Int
    /// The 1-based column of the offending tag, in characters.
    package let column: Int
    /// What is wrong, e.g. `unclosed section "posts"`.
    package let message: String

    /// Creates an error at a 1-based line and column.
    package init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`.
    package var description: String { "\(line):\(column): \(message)" }

    /// The diagnostic for this error in the file at `path`.
    package func diagnostic(in path: String) -> Diagnostic {
        Diagnostic(at: SourceLocation(path: path, line: line, column: column), message)
    }
}

/// A template that cannot be rendered, e.g. partials that include each other
/// without end.
package struct TemplateRenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template being rendered when the problem was found.
    package let templateName: String
    /// What is wrong.
    package let message: String

    /// Creates an error for the named template.
    package init(templateName: String, _ message: String) {
        self.templateName = templateName
        self.message = message
    }

    /// `name: message`.
    package var description: String { "\(templateName): \(message)" }
}
