/// A YAML document that cannot be read, with the place libyaml or our limits stopped.
public struct YAMLError: Error, Sendable, Hashable {
    /// 1-based line in the parsed text.
    public var line: Int
    /// 1-based column in the parsed text.
    public var column: Int
    /// What went wrong.
    public var message: String
}
