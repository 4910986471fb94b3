import Synchronization

/// A template value computed when a template first reads it, named by a key
/// and an identity: two lazy values with the same identity always compute
/// the same value, so a build can tell that a page would read the same thing
/// again without computing it.
///
/// The identity covers exactly the inputs `make` uses, except other lazy
/// values it contains: those carry identities of their own.
public final class LazyValue: Sendable {
    /// A stable name for what the value is, e.g. `item:content/posts/hello.md`.
    package var key: String { kind + ":" + name }
    /// What kind of value it is (`item`, `content`, `page`).
    package let kind: String
    /// Which one of its kind it is (a source path, an output path).
    package let name: String
    /// A hash of everything the value is computed from.
    package let identity: UInt64
    /// `keyHash(kind:name:)` of this value's key, worked out once: a render's log notes it for
    /// every lazy value it computes, and reading `kind` and `name` there retained strings that
    /// the renderers of all cores share.
    package let keyHash: UInt64
    private let make: @Sendable () -> TemplateValue
    private let memoizes: Bool
    private let memo = Mutex<TemplateValue?>(nil)

    /// A value computed by `make` on first use; `memoizes: false` computes it
    /// on every use (for large values read once, such as a post's HTML).
    package init(
        kind: String, name: String, identity: UInt64, memoizes: Bool = true,
        make: @escaping @Sendable () -> TemplateValue
    ) {
        self.kind = kind
        self.name = name
        self.identity = identity
        self.keyHash = Self.keyHash(kind: kind, name: name)
        self.memoizes = memoizes
        self.make = make
    }

    /// A hash naming a key (`kind:name`), made from its two parts without joining them.
    static func keyHash(kind: String, name: String) -> UInt64 {
        kind.withBorrowedUTF8 { kind in
            name.withBorrowedUTF8 { name in keyHash(UnsafeRawBufferPointer(kind), UnsafeRawBufferPointer(name)) }
        }
    }

    /// `keyHash(kind:name:)` of a whole key; 0 for text without a colon.
    static func keyHash(ofKey key: String) -> UInt64 {
        key.withBorrowedUTF8 { bytes -> UInt64 in
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return 0 }
            return keyHash(
                UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<colon])),
                UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(colon + 1)...])))
        }
    }

    private static func keyHash(_ kind: UnsafeRawBufferPointer, _ name: UnsafeRawBufferPointer) -> UInt64 {
        var hash = StableHash()
        hash.combine(kind)
        hash.combine(name)
        return hash.value
    }

    /// The value, computed now if it was not yet.
    package var value: TemplateValue {
        guard memoizes else { return make() }
        return memo.withLock { memo in
            if let known = memo { return known }
            let made = make()
            memo = made
            return made
        }
    }
}
