/// The state's stored form: binary records (`BinaryWriter`), a header naming
/// sitegen's version and a hash of everything at the end, so a file from
/// another version or a damaged one is refused, never misread.
///
/// Pages share lists of reads and of templates (every post page reads the same
/// `site` keys with the same templates), so those lists are stored once each
/// and pages refer to them by number.
extension BuildState {
    private static let header = "sitegen-state 1 \(SitegenVersion.current)\n"

    /// Reads a stored state; `nil` when it is not one of this version, or damaged.
    init?(parsing bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        let body = Array(bytes.dropLast(8))
        var trailer = BinaryReader(Array(bytes.suffix(8)))
        guard trailer.integer() == StableHash.of(body) else { return nil }
        var reader = BinaryReader(body)
        guard reader.expect(Self.header), let sources = SourceCache(reading: &reader) else { return nil }
        self.init()
        self.sources = sources
        guard let live = Self.tree(&reader), let staging = Self.tree(&reader), let pages = Self.pages(&reader),
            reader.atEnd
        else { return nil }
        (self.live, self.staging, self.pages) = (live, staging, pages)
    }

    /// The stored form, sorted so the same state always gives the same bytes.
    var encoded: [UInt8] {
        var writer = BinaryWriter(capacity: pages.count * 256 + sources.entries.count * 256)
        writer.raw(Self.header)
        sources.write(to: &writer)
        Self.write(live, to: &writer)
        Self.write(staging, to: &writer)
        Self.write(pages, to: &writer)
        let hash = StableHash.of(writer.bytes)
        writer.integer(hash)
        return writer.bytes
    }

    // MARK: Trees

    private static func write(_ tree: TreeRecord?, to writer: inout BinaryWriter) {
        guard let tree else { return writer.integer(0) }
        writer.integer(1)
        writer.integer(tree.root)
        writer.integer(tree.written)
        writer.integer(tree.files.count)
        for (path, file) in tree.files.sorted(by: { $0.key < $1.key }) {
            writer.string(path)
            writer.integer(file.fingerprint)
            writer.integer(file.size)
            writer.integer(file.trusted)
        }
    }

    /// A tree record, `.some(nil)` for none stored, `nil` when damaged.
    private static func tree(_ reader: inout BinaryReader) -> TreeRecord?? {
        guard let present = reader.integer() else { return nil }
        guard present == 1 else { return .some(nil) }
        guard let root = reader.integer(), let written = reader.signed(), let count = reader.count() else { return nil }
        var files: [String: TreeRecord.File] = [:]
        files.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let fingerprint = reader.integer(), let size = reader.signed(),
                let trusted = reader.signed()
            else { return nil }
            files[path] = TreeRecord.File(fingerprint: fingerprint, size: Int(size), trusted: trusted)
        }
        return .some(TreeRecord(root: root, written: written, files: files))
    }

    // MARK: Pages

    private static func write(_ pages: [String: PageRecord], to writer: inout BinaryWriter) {
        var templateLists: [[PageRecord.TemplateUse]: Int] = [:]
        var readLists: [UInt64: Int] = [:]
        var templateTable: [[PageRecord.TemplateUse]] = []
        var readTable: [[ReadLog.Read]] = []
        let sorted = pages.sorted { $0.key < $1.key }
        var numbers: [(templates: Int, reads: Int)] = []
        numbers.reserveCapacity(sorted.count)
        for (_, record) in sorted {
            let templates = templateLists[record.templates] ?? {
                templateTable.append(record.templates)
                templateLists[record.templates] = templateTable.count - 1
                return templateTable.count - 1
            }()
            let digest = PageRecord.digest(of: record.reads)
            let reads = readLists[digest] ?? {
                readTable.append(record.reads)
                readLists[digest] = readTable.count - 1
                return readTable.count - 1
            }()
            numbers.append((templates, reads))
        }
        writer.integer(templateTable.count)
        for list in templateTable {
            writer.integer(list.count)
            for use in list {
                writer.string(use.name)
                writer.integer(use.sourceHash)
            }
        }
        writer.integer(readTable.count)
        for list in readTable {
            writer.integer(list.count)
            for read in list {
                write(read.path, to: &writer)
                writer.integer(Int(read.kind.rawValue))
                writer.integer(read.digest)
            }
        }
        writer.integer(sorted.count)
        for ((output, record), number) in zip(sorted, numbers) {
            writer.string(output)
            writer.integer(record.fingerprint)
            writer.integer(number.templates)
            writer.integer(number.reads)
            writer.integer(record.lazies.count)
            for lazy in record.lazies {
                writer.string(lazy.key)
                writer.integer(lazy.identity)
                if let path = lazy.path {
                    writer.integer(1)
                    write(path, to: &writer)
                } else {
                    writer.integer(0)
                }
            }
        }
    }

    private static func pages(_ reader: inout BinaryReader) -> [String: PageRecord]? {
        guard let templateCount = reader.count() else { return nil }
        var templateTable: [[PageRecord.TemplateUse]] = []
        for _ in 0..<templateCount {
            guard let count = reader.count() else { return nil }
            var list: [PageRecord.TemplateUse] = []
            for _ in 0..<count {
                guard let name = reader.string(), let hash = reader.integer() else { return nil }
                list.append(PageRecord.TemplateUse(name: name, sourceHash: hash))
            }
            templateTable.append(list)
        }
        guard let readCount = reader.count() else { return nil }
        var readTable: [[ReadLog.Read]] = []
        for _ in 0..<readCount {
            guard let count = reader.count() else { return nil }
            var list: [ReadLog.Read] = []
            for _ in 0..<count {
                guard let path = path(&reader), let raw = reader.integer(), raw < 256,
                    let kind = ReadKind(rawValue: UInt8(raw)), let digest = reader.integer()
                else { return nil }
                list.append(ReadLog.Read(path: path, kind: kind, digest: digest))
            }
            readTable.append(list)
        }
        guard let pageCount = reader.count() else { return nil }
        var pages: [String: PageRecord] = [:]
        pages.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            guard let output = reader.string(), let fingerprint = reader.integer(), let templates = reader.count(),
                let reads = reader.count(), templates < templateTable.count, reads < readTable.count,
                let lazyCount = reader.count()
            else { return nil }
            var lazies: [ReadLog.Lazy] = []
            lazies.reserveCapacity(lazyCount)
            for _ in 0..<lazyCount {
                guard let key = reader.string(), let identity = reader.integer(), let hasPath = reader.integer() else {
                    return nil
                }
                var path: ValuePath? = nil
                if hasPath == 1 {
                    guard let found = self.path(&reader) else { return nil }
                    path = found
                }
                lazies.append(ReadLog.Lazy(path: path, key: key, identity: identity))
            }
            pages[output] = PageRecord(
                templates: templateTable[templates], reads: readTable[reads], lazies: lazies, fingerprint: fingerprint)
        }
        return pages
    }

    // MARK: Paths

    private static func write(_ path: ValuePath, to writer: inout BinaryWriter) {
        writer.integer(path.count)
        for step in path {
            switch step {
            case .root(let index):
                writer.integer(0)
                writer.integer(index)
            case .key(let key):
                writer.integer(1)
                writer.string(key)
            case .index(let index):
                writer.integer(2)
                writer.integer(index)
            }
        }
    }

    private static func path(_ reader: inout BinaryReader) -> ValuePath? {
        guard let count = reader.count() else { return nil }
        var path: ValuePath = []
        path.reserveCapacity(count)
        for _ in 0..<count {
            switch reader.integer() {
            case 0?:
                guard let index = reader.count() else { return nil }
                path.append(.root(index))
            case 1?:
                guard let key = reader.string() else { return nil }
                path.append(.key(key))
            case 2?:
                guard let index = reader.count() else { return nil }
                path.append(.index(index))
            default: return nil
            }
        }
        return path
    }
}
