/// A YAML document that cannot be read, with the place libyaml or our limits stopped.
package struct YAMLError: Error, Sendable, Hashable {
    /// 1-based line in the parsed text.
    package var line: Int
    /// 1-based column in the parsed text.
    package var column: Int
    /// What went wrong, with lines counted in the parsed text.
    package var message: String
    /// For a key given twice: the key, and the line (in the parsed text) of its first occurrence.
    package var duplicateKey: (key: String, firstLine: Int)? {
        repeatedKey.map { ($0, repeatedKeyLine) }
    }
    private var repeatedKey: String?
    private var repeatedKeyLine = 0

    /// An error at `line`:`column` of the parsed text.
    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// A key that its mapping already has, at its second occurrence.
    static func duplicateKey(_ key: String, at mark: YAMLMark, firstLine: Int) -> YAMLError {
        var error = YAMLError(line: mark.line, column: mark.column, message: "")
        error.repeatedKey = key
        error.repeatedKeyLine = firstLine
        error.message = error.message(linesFrom: 1)
        return error
    }

    /// The message with lines counted from `first`, the line of its file the parsed text starts on.
    package func message(linesFrom first: Int) -> String {
        guard let (key, firstLine) = duplicateKey else { return message }
        return "key \(key.debugDescription) is given twice (first on line \(first + firstLine - 1)); remove one of them"
    }
}
