/// A key of a template object (`title` in `{"title": …}`), with a hash of its
/// UTF-8 made once, when the key is made.
///
/// A page looks up thousands of keys, most of them through several objects
/// of the context stack before one has it, and a list page makes a value of a
/// dozen keys for each post it shows. Keyed by `String`, each of those looked
/// up and stored keys was hashed again by `Hasher` (SipHash: a fifth of the
/// instructions of a list page's render); a `TemplateKey` is hashed by
/// `StableHash` once, and a dictionary then only mixes that number with its seed.
public struct TemplateKey: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key as templates write it.
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

    public static func == (a: TemplateKey, b: TemplateKey) -> Bool { a.digest == b.digest && a.text == b.text }

    /// Keys sort as their texts do.
    public static func < (a: TemplateKey, b: TemplateKey) -> Bool { a.text < b.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// What a dictionary places the key by: its digest mixed with the dictionary's seed, without
    /// `Hasher` (the digest is already a good 64-bit hash; the seed only has to move it).
    public func _rawHashValue(seed: Int) -> Int {
        var mixed = UInt64(bitPattern: Int64(digest ^ seed))
        mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }
}
