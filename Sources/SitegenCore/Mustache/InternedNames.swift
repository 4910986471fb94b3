import Synchronization

/// The names templates have used, each kept once for the life of the process:
/// the keys of every dotted name (`MustacheNode.Path`) and every template name
/// (`MustacheNode.Name`), which nodes refer to without owning, so rendering a
/// tag counts no reference. A site's templates use a few hundred names; a
/// process that parses templates again and again (the preview server, as they
/// are edited) adds only the names it has not seen, a few dozen bytes each.
enum InternedNames {
    private static let known = Mutex<Known>(Known())

    /// Buffers never written to or freed once made.
    private struct Known: @unchecked Sendable {
        var keys: [String: UnsafeBufferPointer<TemplateKey>] = [:]
        var templates: [String: UnsafePointer<String>] = [:]
    }

    /// The keys of `name` (`a.b.c`: `a`, `b`, `c`; `.`: none), the same buffer every time.
    static func keys(of name: String) -> UnsafeBufferPointer<TemplateKey> {
        known.withLock { known in
            if let keys = known.keys[name] { return keys }
            let split =
                name == "."
                ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map { TemplateKey(String($0)) }
            let buffer = UnsafeMutableBufferPointer<TemplateKey>.allocate(capacity: split.count)
            _ = buffer.initialize(from: split)
            known.keys[name] = UnsafeBufferPointer(buffer)
            return UnsafeBufferPointer(buffer)
        }
    }

    /// The template name `name`, the same one every time: two are the same name exactly when
    /// they are the same pointer.
    static func template(_ name: String) -> UnsafePointer<String> {
        known.withLock { known in
            if let interned = known.templates[name] { return interned }
            let slot = UnsafeMutablePointer<String>.allocate(capacity: 1)
            slot.initialize(to: name)
            known.templates[name] = UnsafePointer(slot)
            return UnsafePointer(slot)
        }
    }
}
