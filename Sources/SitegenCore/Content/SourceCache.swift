/// What earlier builds learned from each content file, keyed by the file's
/// `stat`: a file whose size, times and inode are unchanged is not read or
/// parsed again. Its body is read later only if its Markdown must be rendered:
/// the excerpt list pages show of it is kept here too.
///
/// Kept in the build state (outside the output, so the output stays
/// byte-identical), and only a cache: a missing or damaged state means a full read.
package struct SourceCache: Sendable {
    /// Entries by content path (`content/posts/hello.md`).
    package var entries: [SourcePath: Entry] = [:]
    /// When the cache was written (nanoseconds since 1970).
    package var written: Int64 = 0
    /// What the last link check found, vouching for the entries' links (`LinkCheckMemo`).
    var linkCheck: LinkCheckMemo?
    /// What the entries' excerpts, links and `id`s were rendered with besides the files' bytes
    /// (`MarkdownStage.renderKey`: the Markdown settings, the base URL's path); a build with
    /// another does not use the cache (`SiteLoader.load`).
    var renderKey: UInt64 = 0

    /// How close to the cache's writing a file's modification may be and still be trusted:
    /// a file changed within the same timestamp tick could look unchanged.
    static let racyWindow: Int64 = 2_000_000_000
    private static let header = "sitegen-sources 16 \(SitegenVersion.build)"

    /// An empty cache.
    package init() {}

    /// The entry for a file, if the file is unchanged since it was cached.
    package func entry(for path: SourcePath, status: FileStatus) -> Entry? {
        guard let entry = entries[path], entry.status == status, status.modified < written - Self.racyWindow else {
            return nil
        }
        return entry
    }

    // MARK: Stored form: binary records (`BinaryWriter`), tens of thousands of them.

    /// Reads the cache's stored form; `nil` if it is not a cache of this version.
    package init?(parsing bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        self.init(reading: &reader)
        guard reader.atEnd else { return nil }
    }

    /// Reads the cache from the reader's position (the build state holds it as one section).
    init?(reading reader: inout BinaryReader) {
        guard reader.expect(Self.header + "\n"), let stamp = reader.fixedSigned(), let key = reader.fixed(),
            let count = reader.count()
        else {
            return nil
        }
        written = stamp
        renderKey = key
        entries.reserveCapacity(count)
        for _ in 0..<count {
            guard let (path, entry) = Self.entry(&reader) else { return nil }
            entries[SourcePath(path)] = entry
        }
        guard let hasMemo = reader.integer() else { return nil }
        if hasMemo == 1 {
            guard let base = reader.fixed(), let places = reader.fixedList(), let failed = reader.strings() else {
                return nil
            }
            linkCheck = LinkCheckMemo(reach: LinkReach(base: base, places: places), failed: failed)
        }
    }

    /// The entry at the reader's position, with its path.
    private static func entry(_ reader: inout BinaryReader) -> (path: String, entry: Entry)? {
        let start = reader.position
        guard let path = reader.string(), let size = reader.signed(), let modified = reader.fixedSigned(),
            let changed = reader.fixedSigned(), let inode = reader.fixed(), let hash = reader.fixed(),
            let modelHash = reader.fixed(), let item = Self.item(&reader)?.placed(at: path),
            let warningCount = reader.count()
        else { return nil }
        var warnings: [Diagnostic] = []
        for _ in 0..<warningCount {
            guard let line = reader.signed(), let column = reader.signed(), let message = reader.string() else {
                return nil
            }
            warnings.append(
                Diagnostic(.warning, at: SourceLocation(path: path, line: Int(line), column: Int(column)), message))
        }
        guard let hasExcerpt = reader.integer() else { return nil }
        var excerpt: String?
        var links: BinaryReader?
        var anchors: [String] = []
        var arrivals: BinaryReader?
        if hasExcerpt == 1 {
            guard let text = reader.string(), let length = reader.count(), let read = reader.part(length: length),
                let placeCount = reader.count(), placeCount <= Int.max / 8,
                let places = reader.part(length: placeCount * 8), let anchorCount = reader.count()
            else { return nil }
            arrivals = places
            excerpt = text
            links = read
            anchors.reserveCapacity(anchorCount)
            for _ in 0..<anchorCount {
                guard let anchor = reader.string() else { return nil }
                anchors.append(anchor)
            }
        }
        let entry = Entry(
            status: FileStatus(size: size, modified: modified, changed: changed, inode: inode), hash: hash,
            modelHash: modelHash, item: item, warnings: warnings, excerpt: excerpt, anchors: anchors,
            stored: reader.bytes(since: start), storedLinks: links, storedArrivals: arrivals)
        return (path, entry)
    }

    /// The cache's stored form, entries sorted by path.
    package var encoded: [UInt8] {
        var writer = BinaryWriter(capacity: entries.count * 256)
        write(to: &writer)
        return writer.bytes
    }

    /// Appends the stored form to `writer`: unchanged entries as they were read.
    func write(to writer: inout BinaryWriter) {
        write(to: &writer) { (_: inout BinaryWriter) throws(Never) in }
    }

    /// Appends the stored form to `writer`, handing it to `spill` whenever it holds a
    /// megabyte or more (to drain it into a file).
    func write<Failure: Error>(
        to writer: inout BinaryWriter, spill: (inout BinaryWriter) throws(Failure) -> Void
    ) throws(Failure) {
        writer.raw(Self.header + "\n")
        writer.fixed(written)
        writer.fixed(renderKey)
        writer.integer(entries.count)
        var paths = Array(entries.keys)
        paths.sortByBytes(of: \.text)
        for path in paths {
            let entry = entries[path]!
            if let stored = entry.stored {
                writer.raw(stored)
            } else {
                Self.write(entry, path: path.text, to: &writer)
            }
            if writer.bytes.count >= 1 << 20 { try spill(&writer) }
        }
        writer.integer(linkCheck == nil ? 0 : 1)
        if let linkCheck {
            writer.fixed(linkCheck.reach.base)
            writer.fixedList(linkCheck.reach.places)
            writer.strings(linkCheck.failed)
        }
    }

    /// One entry's stored form.
    private static func write(_ entry: Entry, path: String, to writer: inout BinaryWriter) {
        writer.string(path)
        writer.integer(entry.status.size)
        writer.fixed(entry.status.modified)
        writer.fixed(entry.status.changed)
        writer.fixed(entry.status.inode)
        writer.fixed(entry.hash)
        writer.fixed(entry.modelHash)
        Self.write(entry.item, to: &writer)
        writer.integer(entry.warnings.count)
        for warning in entry.warnings {
            writer.integer(Int64(warning.location.line ?? 0))
            writer.integer(Int64(warning.location.column ?? 0))
            writer.string(warning.message)
        }
        writer.integer(entry.excerpt == nil ? 0 : 1)
        if let excerpt = entry.excerpt {
            writer.string(excerpt)
            var links = BinaryWriter()
            Self.write(entry.links, to: &links)
            writer.integer(links.bytes.count)  // So a reader can leave them unread.
            writer.raw(links.bytes)
            let arrivals = entry.arrivals
            writer.integer(arrivals.count)  // Fixed 8 bytes each, so a reader can leave them unread.
            for place in arrivals { writer.fixed(place) }
            writer.integer(entry.anchors.count)
            for anchor in entry.anchors { writer.string(anchor) }
        }
    }

    /// A file's links: each as its target's kind and path, fragment, destination as written, image flag and place.
    private static func write(_ links: [MarkdownLink], to writer: inout BinaryWriter) {
        writer.integer(links.count)
        for link in links {
            let (kind, path): (Int, String) =
                switch link.target {
                case .samePage: (0, "")
                case .page(let source): (1, source)
                case .file(let sitePath): (2, sitePath)
                case .address(let address): (3, address)
                case .unpublished(let sitePath): (4, sitePath)
                case .climbsOut: (5, "")
                }
            writer.integer(kind + (link.isImage ? 8 : 0) + (link.fragment == nil ? 0 : 16))
            writer.string(path)
            if let fragment = link.fragment { writer.string(fragment) }
            writer.string(link.written)
            writer.integer(Int64(link.line))
            writer.integer(Int64(link.column))
        }
    }

    /// The places stored as fixed 8-byte hashes, all that `stored` holds.
    static func places(storedIn stored: BinaryReader) -> [UInt64]? {
        var reader = stored
        var places: [UInt64] = []
        while !reader.atEnd {
            guard let place = reader.fixed() else { return nil }
            places.append(place)
        }
        return places
    }

    /// The links `write(_:to:)` stored, all that `stored` holds.
    static func links(storedIn stored: BinaryReader) -> [MarkdownLink]? {
        var reader = stored
        guard let links = links(&reader), reader.atEnd else { return nil }
        return links
    }

    private static func links(_ reader: inout BinaryReader) -> [MarkdownLink]? {
        guard let count = reader.count() else { return nil }
        var links: [MarkdownLink] = []
        links.reserveCapacity(count)
        for _ in 0..<count {
            guard let flags = reader.integer(), let path = reader.string() else { return nil }
            var fragment: String?
            if flags & 16 != 0 {
                guard let text = reader.string() else { return nil }
                fragment = text
            }
            guard let written = reader.string(), let line = reader.signed(), let column = reader.signed() else {
                return nil
            }
            let target: MarkdownLink.Target
            switch flags & 7 {
            case 0: target = .samePage
            case 1: target = .page(source: path)
            case 2: target = .file(sitePath: path)
            case 3: target = .address(path)
            case 4: target = .unpublished(sitePath: path)
            case 5: target = .climbsOut
            default: return nil
            }
            links.append(
                MarkdownLink(
                    target: target, fragment: fragment, written: written, isImage: flags & 8 != 0, line: Int(line),
                    column: Int(column)))
        }
        return links
    }
}
