import Synchronization

/// The keys of every dotted name templates have used, split once and kept for
/// the life of the process: `MustacheNode.Path` refers to them without owning
/// them. A site's templates use a few hundred names; a process that parses
/// templates again and again (the preview server, as they are edited) adds
/// only the names it has not seen, a few dozen bytes each.
enum InternedPaths {
    private static let known = Mutex<[String: Keys]>([:])

    /// A buffer of keys, never written to or freed once made.
    private struct Keys: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<TemplateKey>
    }

    /// The keys of `name` (`a.b.c`: `a`, `b`, `c`; `.`: none), the same buffer every time.
    static func keys(of name: String) -> UnsafeBufferPointer<TemplateKey> {
        known.withLock { known in
            if let keys = known[name] { return keys.buffer }
            let split =
                name == "."
                ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map { TemplateKey(String($0)) }
            let buffer = UnsafeMutableBufferPointer<TemplateKey>.allocate(capacity: split.count)
            _ = buffer.initialize(from: split)
            known[name] = Keys(buffer: UnsafeBufferPointer(buffer))
            return UnsafeBufferPointer(buffer)
        }
    }
}
