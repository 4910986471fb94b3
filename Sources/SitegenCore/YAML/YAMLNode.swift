/// A position in parsed YAML text: 1-based line and column (in characters)
/// and the 0-based UTF-8 byte offset, all relative to the text given to the parser.
package struct YAMLMark: Sendable, Hashable {
    /// 1-based line.
    package var line: Int
    /// 1-based column, counted in Unicode scalars.
    package var column: Int
    /// 0-based byte offset into the UTF-8 text.
    package var offset: Int
}

/// How a scalar was written, which decides how it is read.
package enum YAMLScalarStyle: Sendable, Hashable {
    /// Unquoted: `33000`, `true`, `hello`.
    case plain
    /// `'text'`.
    case singleQuoted
    /// `"text"`.
    case doubleQuoted
    /// `|` block.
    case literal
    /// `>` block.
    case folded
}

/// One node of a YAML document, with the span it came from.
package struct YAMLNode: Sendable {
    /// What the node holds.
    package enum Content: Sendable {
        /// A scalar's text (after unescaping) and how it was written.
        case scalar(String, YAMLScalarStyle)
        /// A sequence and whether it was written in flow style (`[a, b]`).
        case sequence([YAMLNode], flow: Bool)
        /// A mapping's pairs in source order and whether it was written in flow style.
        case mapping([YAMLPair], flow: Bool)
    }

    /// What the node holds.
    package var content: Content
    /// An explicit tag such as `!!str`, if one was written.
    package var tag: String?
    /// Where the node starts.
    package var start: YAMLMark
    /// Where the node ends (exclusive).
    package var end: YAMLMark

    /// The scalar's text, if this is a scalar.
    package var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The pairs, if this is a mapping.
    package var pairs: [YAMLPair]? {
        if case .mapping(let pairs, _) = content { return pairs }
        return nil
    }

    /// The value for a key, if this is a mapping that has it (the first one wins).
    package subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key.scalarText == key }?.value
    }

    /// A short name of the node's kind for messages: "a list", "a mapping", "text".
    package var kindName: String {
        switch content {
        case .scalar: return "a single value"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// A key and its value in a YAML mapping.
package struct YAMLPair: Sendable {
    /// The key node (a scalar in every document sitegen reads).
    package var key: YAMLNode
    /// The value node.
    package var value: YAMLNode
}
