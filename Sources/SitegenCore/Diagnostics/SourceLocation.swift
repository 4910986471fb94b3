/// A place in a site file: its path relative to the site folder and, when
/// known, a 1-based line and column.
package struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path relative to the site folder, e.g. `content/menu/x.md`.
    package var path: String
    /// The 1-based line, or `nil` when the problem concerns the whole file.
    package var line: Int?
    /// The 1-based column (in characters), or `nil` when unknown.
    package var column: Int?

    /// Creates a location; `line` and `column` are 1-based.
    package init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the form editors make clickable.
    package var description: String {
        switch (line, column) {
        case (let line?, let column?): return "\(path):\(line):\(column)"
        case (let line?, nil): return "\(path):\(line)"
        default: return path
        }
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        if (lhs.line ?? 0) != (rhs.line ?? 0) { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        return (lhs.column ?? 0) < (rhs.column ?? 0)
    }
}
