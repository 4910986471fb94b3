/// What earlier builds learned from each content file, keyed by the file's
/// `stat`: a file whose size, times and inode are unchanged is not read or
/// parsed again. Its body is read later only if its Markdown must be rendered.
///
/// Kept beside the output (not inside it, so the output stays byte-identical),
/// and only a cache: a missing, damaged or foreign file means a full read.
public struct SourceCache: Sendable {
    /// One content file as it was last read.
    public struct Entry: Sendable {
        /// The file's status when read.
        public var status: FileStatus
        /// A hash of its bytes.
        public var hash: UInt64
        /// A hash of the model's fields other than the body (`modelHash(of:)`).
        public var modelHash: UInt64
        /// The model read from it, with an empty body.
        public var item: SiteLoader.Item
        /// The warnings it gave.
        public var warnings: [Diagnostic]
    }

    /// Entries by content path (`content/posts/hello.md`).
    public var entries: [String: Entry] = [:]
    /// When the cache was written (nanoseconds since 1970).
    public var written: Int64 = 0

    /// How close to the cache's writing a file's modification may be and still be trusted:
    /// a file changed within the same timestamp tick could look unchanged.
    private static let racyWindow: Int64 = 2_000_000_000
    private static let header = "sitegen-sources 2 \(SitegenVersion.current)"

    /// An empty cache.
    public init() {}

    /// The entry for a file, if the file is unchanged since it was cached.
    public func entry(for path: String, status: FileStatus) -> Entry? {
        guard let entry = entries[path], entry.status == status, status.modified < written - Self.racyWindow else {
            return nil
        }
        return entry
    }

    // MARK: Text form: one line per file, tab-separated, with %-escapes.

    /// Reads the cache's text form; `nil` if it is not a cache of this version.
    /// Works on bytes: the cache has a line per content file, tens of thousands of them.
    public init?(parsing bytes: [UInt8]) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)[...]
        guard let header = lines.popFirst(), header.elementsEqual(Self.header.utf8),
            let stamp = lines.popFirst().flatMap({ Int64(Self.text($0.dropFirst("written ".utf8.count))) })
        else { return nil }
        written = stamp
        entries.reserveCapacity(lines.count)
        var current: String?
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map(Self.text)
            if fields.first == "warning", fields.count == 4, let path = current, let lineNumber = Int(fields[1]),
                let column = Int(fields[2])
            {
                entries[path]?.warnings.append(
                    Diagnostic(.warning, at: SourceLocation(path: path, line: lineNumber, column: column), fields[3]))
                continue
            }
            guard fields.count >= 9, let size = Int64(fields[2]), let modified = Int64(fields[3]),
                let changed = Int64(fields[4]), let inode = UInt64(fields[5]), let hash = UInt64(fields[6], radix: 16),
                let modelHash = UInt64(fields[7], radix: 16), let item = Self.item(kind: fields[0], fields: Array(fields[8...]))
            else { return nil }
            let path = fields[1]
            entries[path] = Entry(
                status: FileStatus(size: size, modified: modified, changed: changed, inode: inode), hash: hash,
                modelHash: modelHash, item: item, warnings: [])
            current = path
        }
    }

    /// A field's text with its %-escapes undone.
    private static func text(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(UInt8(ascii: "%")) else { return String(decoding: field, as: UTF8.self) }
        var bytes: [UInt8] = []
        var index = field.startIndex
        while index < field.endIndex {
            if field[index] == UInt8(ascii: "%"), index + 2 < field.endIndex,
                let value = UInt8(String(decoding: field[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(field[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The cache's text form.
    public var text: String {
        var text = "\(Self.header)\nwritten \(written)\n"
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let (kind, fields) = Self.fields(of: entry.item)
            let status = entry.status
            let head = [
                kind, path, String(status.size), String(status.modified), String(status.changed), String(status.inode),
                String(entry.hash, radix: 16), String(entry.modelHash, radix: 16),
            ]
            text += (head + fields).map(Self.escape).joined(separator: "\t") + "\n"
            for warning in entry.warnings {
                text += ["warning", String(warning.location.line ?? 0), String(warning.location.column ?? 0), warning.message]
                    .map(Self.escape).joined(separator: "\t") + "\n"
            }
        }
        return text
    }

    /// A hash of everything the cache keeps of an item: all its fields but the body.
    /// Pages that list items show nothing else of them but their excerpts.
    public static func modelHash(of item: SiteLoader.Item) -> UInt64 {
        let (kind, fields) = Self.fields(of: item)
        var hash = StableHash()
        hash.combine(kind)
        for field in fields { hash.combine(field) }
        return hash.value
    }

    private static func fields(of item: SiteLoader.Item) -> (String, [String]) {
        switch item {
        case .post(let post):
            return ("post", [
                post.slug, post.username, optional(post.title), post.date.map { "\($0.secondsSince1970) \($0.hasTime)" } ?? "-",
                post.tags.joined(separator: "\u{1F}"), post.isDraft ? "1" : "0", post.displayTitle, String(post.tags.count),
            ])
        case .menuItem(let item): return ("menu", [item.slug, item.name, String(item.price)])
        case .profile(let profile): return ("profile", [profile.slug, profile.name, optional(profile.bio)])
        case .page(let page): return ("page", [page.slug, optional(page.title), optional(page.description)])
        case .primes(let primes): return ("primes", [String(primes.count), primes.favorites.map(String.init).joined(separator: " ")])
        }
    }

    private static func item(kind: String, fields: [String]) -> SiteLoader.Item? {
        switch (kind, fields.count) {
        case ("post", 8):
            var date: ContentDate?
            if fields[3] != "-" {
                let parts = fields[3].split(separator: " ")
                guard parts.count == 2, let seconds = Int64(parts[0]) else { return nil }
                date = ContentDate(secondsSince1970: seconds, hasTime: parts[1] == "true")
            }
            let tags = fields[7] == "0" ? [] : fields[4].split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            return .post(
                Post(slug: fields[0], username: fields[1], title: required(fields[2]), date: date, tags: tags,
                     isDraft: fields[5] == "1", body: "", displayTitle: fields[6]))
        case ("menu", 3):
            guard let price = Int(fields[2]) else { return nil }
            return .menuItem(MenuItem(slug: fields[0], name: fields[1], price: price, body: ""))
        case ("profile", 3): return .profile(Profile(slug: fields[0], name: fields[1], bio: required(fields[2]), body: ""))
        case ("page", 3): return .page(PlainPage(slug: fields[0], title: required(fields[1]), description: required(fields[2]), body: ""))
        case ("primes", 2):
            guard let count = Int64(fields[0]) else { return nil }
            let favorites = fields[1].split(separator: " ").compactMap { Int64($0) }
            return .primes(PrimesPage(count: count, favorites: favorites, body: ""))
        default: return nil
        }
    }

    /// `nil` is written `-`; a value is written `+value`.
    private static func optional(_ value: String?) -> String { value.map { "+" + $0 } ?? "-" }
    private static func required(_ field: String) -> String? { field.hasPrefix("+") ? String(field.dropFirst()) : nil }

    private static func escape(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x25 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        var bytes: [UInt8] = []
        for byte in field.utf8 {
            switch byte {
            case 0x25, 0x09, 0x0A, 0x0D: bytes.append(contentsOf: "%\(byte < 16 ? "0" : "")\(String(byte, radix: 16, uppercase: true))".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
