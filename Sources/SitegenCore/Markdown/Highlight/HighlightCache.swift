import Synchronization

/// Highlighted blocks remembered by language and text, shared by every build of
/// the process: a block met again — the same snippet in another post, or an
/// unchanged block of an edited post on the preview's next rebuild — is looked up,
/// not highlighted again. The memory is bounded: past `capacity` bytes of code and
/// HTML, it starts over empty.
final class HighlightCache: Sendable {
    static let shared = HighlightCache(capacity: 64 << 20)

    private struct Key: Hashable {
        var language: String
        var code: String
    }

    private struct Entries {
        var htmlByKey: [Key: String] = [:]
        var bytes = 0
    }

    private let capacity: Int
    private let entries = Mutex(Entries())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The HTML remembered for `code` in `language`, or the one `highlight` makes, remembered.
    func html(language: String, code: String, highlight: () -> String) -> String {
        let key = Key(language: language, code: code)
        if let html = entries.withLock({ $0.htmlByKey[key] }) { return html }
        let html = highlight()
        let size = code.utf8.count + html.utf8.count
        entries.withLock { entries in
            if entries.bytes + size > capacity {
                entries = Entries()
            }
            entries.htmlByKey[key] = html
            entries.bytes += size
        }
        return html
    }

    /// How many blocks are remembered (for tests).
    var count: Int { entries.withLock { $0.htmlByKey.count } }
}
