/// A template that cannot be parsed: what is wrong and where (1-based line
/// and column, the column counting characters).
public struct TemplateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the offending tag.
    public let line: Int
    /// The 1-based column of the offending tag, in characters.
    public let column: Int
    /// What is wrong, e.g. `unclosed section "posts"`.
    public let message: String

    /// Creates an error at a 1-based line and column.
    public init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }

    /// The diagnostic for this error in the file at `path`.
    public func diagnostic(in path: String) -> Diagnostic {
        Diagnostic(at: SourceLocation(path: path, line: line, column: column), message)
    }
}

/// A template that cannot be rendered, e.g. partials that include each other
/// without end.
public struct TemplateRenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template being rendered when the problem was found.
    public let templateName: String
    /// What is wrong.
    public let message: String

    /// Creates an error for the named template.
    public init(templateName: String, _ message: String) {
        self.templateName = templateName
        self.message = message
    }

    /// `name: message`.
    public var description: String { "\(templateName): \(message)" }
}
