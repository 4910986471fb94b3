/// A position in parsed YAML text: 1-based line and column (in characters)
/// and the 0-based UTF-8 byte offset, all relative to the text given to the parser.
public struct YAMLMark: Sendable, Hashable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    /// 0-based byte offset into the UTF-8 text.
    public var offset: Int
}

/// How a scalar was written, which decides how it is read.
public enum YAMLScalarStyle: Sendable, Hashable {
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
public struct YAMLNode: Sendable {
    /// What the node holds.
    public enum Content: Sendable {
        /// A scalar's text (after unescaping) and how it was written.
        case scalar(String, YAMLScalarStyle)
        /// A sequence and whether it was written in flow style (`[a, b]`).
        case sequence([YAMLNode], flow: Bool)
        /// A mapping's pairs in source order and whether it was written in flow style.
        case mapping([YAMLPair], flow: Bool)
    }

    /// What the node holds.
    public var content: Content
    /// An explicit tag such as `!!str`, if one was written.
    public var tag: String?
    /// Where the node starts.
    public var start: YAMLMark
    /// Where the node ends (exclusive).
    public var end: YAMLMark

    /// The scalar's text, if this is a scalar.
    public var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The pairs, if this is a mapping.
    public var pairs: [YAMLPair]? {
        if case .mapping(let pairs, _) = content { return pairs }
        return nil
    }

    /// The value for a key, if this is a mapping that has it (the first one wins).
    public subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key.scalarText == key }?.value
    }

    /// A short name of the node's kind for messages: "a list", "a mapping", "text".
    public var kindName: String {
        switch content {
        case .scalar: return "a single value"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// A key and its value in a YAML mapping.
public struct YAMLPair: Sendable {
    /// The key node (a scalar in every document sitegen reads).
    public var key: YAMLNode
    /// The value node.
    public var value: YAMLNode
}
