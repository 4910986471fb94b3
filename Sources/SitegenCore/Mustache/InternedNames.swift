import Synchronization

/// The names templates have used, each kept once for the life of the process:
/// the keys of every dotted name (`MustacheNode.Path`) and every template name
/// (`MustacheNode.Name`), which nodes refer to without owning, so rendering a
/// tag counts no reference. A site's templates use a few hundred names; a
/// process that parses templates again and again (the preview server, as they
/// are edited) adds only the names it has not seen, a few dozen bytes each.
///
/// The fence: only this file makes a `Path` or a `Name` (their initializers from a pointer are
/// `fileprivate`), after allocating what they point to here, where it is never written to or freed.
enum InternedNames {
    private static let known = Mutex<Known>(Known())

    private struct Known {
        var paths: [String: MustacheNode.Path] = [:]
        var templates: [String: MustacheNode.Name] = [:]
    }

    /// The path `name` (`a.b.c`: keys `a`, `b`, `c`; `.`: none), the same keys every time.
    static func path(_ name: String) -> MustacheNode.Path {
        known.withLock { known in
            if let path = known.paths[name] { return path }
            let split =
                name == "."
                ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map { TemplateKey(String($0)) }
            let buffer = UnsafeMutableBufferPointer<TemplateKey>.allocate(capacity: split.count)
            _ = buffer.initialize(from: split)
            let path = MustacheNode.Path(interned: UnsafeBufferPointer(buffer))
            known.paths[name] = path
            return path
        }
    }

    /// The template name `name`, the same one every time: two are the same name exactly when
    /// they are the same pointer.
    static func template(_ name: String) -> MustacheNode.Name {
        known.withLock { known in
            if let interned = known.templates[name] { return interned }
            let slot = UnsafeMutablePointer<String>.allocate(capacity: 1)
            slot.initialize(to: name)
            let interned = MustacheNode.Name(interned: UnsafePointer(slot))
            known.templates[name] = interned
            return interned
        }
    }
}

extension MustacheNode {
    /// A dotted name split once at parse time; no keys means `.` (the top of the stack).
    ///
    /// Its keys are interned (`InternedNames`): every tag of the same name, in every template,
    /// refers to one buffer that is never freed, so a node is copied without counting a
    /// reference. (As an array, each variable or section tag rendered retained and released
    /// its keys: a template's nodes are shared by every core's renderer, and the count's cache
    /// line went back and forth between them, a tenth of a list page's render.)
    struct Path: @unchecked Sendable, Hashable {
        /// The keys to follow; the first is looked up through the context stack. Never written to or freed.
        private let keys: UnsafeBufferPointer<TemplateKey>

        fileprivate init(interned keys: UnsafeBufferPointer<TemplateKey>) { self.keys = keys }

        /// Splits `a.b.c` into keys; `.` becomes the implicit iterator.
        init(_ name: String) { self = InternedNames.path(name) }

        /// Calls `body` with the keys, in place (a copy of one would retain its text).
        @inline(__always)
        func withKeys<Result>(_ body: (UnsafeBufferPointer<TemplateKey>) -> Result) -> Result { body(keys) }

        /// Paths of the same name share their keys' buffer.
        static func == (a: Path, b: Path) -> Bool { a.keys.baseAddress == b.keys.baseAddress }

        func hash(into hasher: inout Hasher) { hasher.combine(keys.baseAddress) }
    }

    /// A template's name, interned (`InternedNames`): copied without counting a reference,
    /// and the same name exactly when the same pointer.
    struct Name: @unchecked Sendable, Equatable {
        /// Never written to or freed.
        private let interned: UnsafePointer<String>

        fileprivate init(interned: UnsafePointer<String>) { self.interned = interned }

        init(_ name: String) { self = InternedNames.template(name) }

        /// The name itself.
        var text: String { interned.pointee }
    }
}
