/// A text with a hash of its UTF-8 made once, when it is made: a dictionary
/// key looked up many times (a template object's key, an output or source path).
///
/// Keyed by `String`, every lookup and every insert hashes the text again with
/// `Hasher` (SipHash, through Unicode normalization) and compares it as
/// Unicode; a `HashedText` is hashed by `StableHash` once, a dictionary then
/// only mixes that number with its seed, and texts of different hashes are
/// never compared.
///
/// `Role` says what the text means (`SourcePath`, `OutputPath`, `TemplateKey`):
/// a phantom type, never stored, so texts of different meanings are different
/// types to the compiler and cost the same as one. One generic type rather than
/// a struct for each: the hashing and comparing that the build's hottest
/// lookups rely on is written once, and code that only keeps or compares keys
/// (`BuildState.Changes`) works for any of them.
public struct HashedText<Role>: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text itself.
    public let text: String
    private let digest: Int

    /// The key `text`.
    public init(_ text: String) {
        self.text = text
        digest = Int(truncatingIfNeeded: StableHash.of(text))
    }

    /// `"title"` is the key `title`.
    public init(stringLiteral text: String) { self.init(text) }

    public var description: String { text }

    public static func == (a: Self, b: Self) -> Bool { a.digest == b.digest && a.text == b.text }

    /// Keys sort as their texts do.
    public static func < (a: Self, b: Self) -> Bool { a.text < b.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// What a dictionary places the key by: its digest mixed with the dictionary's seed, without
    /// `Hasher` (the digest is already a good 64-bit hash; the seed only has to move it).
    public func _rawHashValue(seed: Int) -> Int { DigestKey.place(UInt64(bitPattern: Int64(digest)), seed: seed) }
}

extension HashedText: ExpressibleByStringInterpolation {
    /// `"p\(number).md"` is the key of that text.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }
}
