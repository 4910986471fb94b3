/// One step from the bottom of a context stack to a value.
package enum PathStep: Hashable, Sendable {
    /// The context stack's entry at this position (0 is the bottom).
    case root(Int)
    /// An object's field.
    case key(String)
    /// A list's element.
    case index(Int)
}

/// Where a value sits in a render's context stack: a root, then keys and indices.
package typealias ValuePath = [PathStep]

/// How a template used a value it looked up; each kind sees a different part of it.
package enum ReadKind: UInt8, Sendable, Hashable, CaseIterable {
    /// `{{name}}`: its text.
    case text
    /// `{{#name}}`: whether it is shown and, for a list, how many items it has.
    case section
    /// `{{^name}}`: whether it is shown.
    case inverted
    /// A name looked for in a context that did not have it: that it is still absent.
    case absent

    /// What this kind of read saw of `value` (`nil`: nothing was found), as a
    /// hash: a read would see the same again exactly when the digest is the same.
    package func digest(of value: TemplateValue?) -> UInt64 {
        var hash = StableHash()
        hash.combine(UInt64(rawValue))
        switch self {
        case .text: hash.combine(value?.interpolatedText ?? "")
        case .section:
            let value = value?.resolved
            hash.combine(value?.isTruthy == true ? 1 : 0)
            hash.combine(UInt64(bitPattern: Int64(value?.listValue?.count ?? -1)))
        case .inverted: hash.combine(value?.isTruthy == true ? 1 : 0)
        case .absent: hash.combine(value == nil ? 0 : 1)
        }
        return hash.value
    }
}

/// Everything one render read, recorded as it rendered: the dependencies of
/// its output. Reads of values inside a lazy value are not listed one by one:
/// the lazy value's identity stands for all of them.
package struct ReadLog: Sendable {
    /// A read of a value outside every lazy value.
    package struct Read: Hashable, Sendable {
        package var path: ValuePath
        package var kind: ReadKind
        package var digest: UInt64
    }

    /// A lazy value the render computed.
    package struct Lazy: Hashable, Sendable {
        /// Where it was found, when that was outside every other lazy value;
        /// `nil` inside one (whose identity fixes which value sits there).
        package var path: ValuePath?
        /// `LazyValue.keyHash` of its key, for one found inside another lazy value (else 0): what a
        /// check looks it up by, so its text is neither kept nor stored.
        package var keyHash: UInt64
        package var identity: UInt64

        package init(path: ValuePath?, keyHash: UInt64, identity: UInt64) {
            self.path = path
            self.keyHash = keyHash
            self.identity = identity
        }

        /// One named by its whole key (`item:content/posts/a.md`; empty for none).
        package init(path: ValuePath?, key: String, identity: UInt64) {
            self.init(path: path, keyHash: key.isEmpty ? 0 : LazyValue.keyHash(ofKey: key), identity: identity)
        }

        /// Hashed by its identity and key hash, not its path: hashing the path's steps (texts
        /// mostly) for each lazy value a list page computes cost more than the rest of logging it.
        package func hash(into hasher: inout Hasher) {
            hasher.combine(identity)
            hasher.combine(keyHash)
        }

        /// Placed by its identity and key hash, already hashes, without `Hasher`.
        package func _rawHashValue(seed: Int) -> Int {
            DigestKey.place(identity ^ (keyHash &* 0x9E37_79B9_7F4A_7C15), seed: seed)
        }
    }

    /// Reads outside lazy values, in the order first made.
    package private(set) var reads: [Read] = []
    /// Lazy values computed, in the order first computed.
    package private(set) var lazies: [Lazy] = []
    /// Every template the render included or looked for, found or not.
    package var templates: Set<String> { Set(templateNames) }
    /// The same, in the order first included.
    private(set) var templateNames: [String] = []

    private var seenReads: Set<ReadKey> = []
    private var seenLazies: Set<Lazy> = []

    /// A read as far as telling it from another goes. Hashed by a digest of its path, made once:
    /// hashing the path's steps (texts mostly) again for each read seen before cost more than the render.
    private struct ReadKey: Hashable {
        let path: ValuePath
        let kind: ReadKind
        let digest: UInt64

        init(path: ValuePath, kind: ReadKind) {
            self.path = path
            self.kind = kind
            var hash = StableHash()
            hash.combine(path)
            hash.combine(UInt64(kind.rawValue))
            digest = hash.value
        }

        static func == (a: ReadKey, b: ReadKey) -> Bool { a.digest == b.digest && a.kind == b.kind && a.path == b.path }
        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
        /// Placed by the digest itself: SipHash of it cost a fifth of each read's logging.
        func _rawHashValue(seed: Int) -> Int { DigestKey.place(digest, seed: seed) }
    }

    /// An empty log.
    package init() {}

    mutating func read(_ path: ValuePath, _ kind: ReadKind, _ value: TemplateValue?) {
        guard seenReads.insert(ReadKey(path: path, kind: kind)).inserted else { return }
        reads.append(Read(path: path, kind: kind, digest: kind.digest(of: value)))
    }

    mutating func computed(_ lazy: LazyValue, at path: ValuePath?) {
        // One found by its path is checked by what sits there, so its key is not kept.
        let entry = Lazy(path: path, keyHash: path == nil ? lazy.keyHash : 0, identity: lazy.identity)
        if seenLazies.insert(entry).inserted { lazies.append(entry) }
    }

    /// Notes an include. A page includes a few templates dozens of times, mostly under the same
    /// strings (equal at once): a search of the few names beats hashing each name again.
    mutating func template(_ name: String) {
        if !templateNames.contains(name) { templateNames.append(name) }
    }
}

extension StableHash {
    /// Mixes in a path: its length, then each step's kind and key or index.
    mutating func combine(_ path: ValuePath) {
        combine(UInt64(path.count))
        for step in path {
            switch step {
            case .root(let index): combine(UInt64(index) << 2)
            case .key(let key):
                combine(1)
                combine(key)
            case .index(let index): combine(UInt64(index) << 2 | 2)
            }
        }
    }
}
