/// The state's stored form: binary records (`BinaryWriter`), a header naming
/// sitegen's version and a hash of everything at the end, so a file from
/// another version or a damaged one is refused, never misread.
///
/// Two sections, each encoded and decoded on its own core: the source cache
/// (after its length), then the trees and pages. Output paths are stored once,
/// in a table the trees and pages refer to by number; pages share lists of
/// reads and of templates (every post page reads the same `site` keys with the
/// same templates), stored once each.
extension BuildState {
    private static let header = "sitegen-state 5 \(SitegenVersion.build)\n"

    /// Reads a stored state; `nil` when it is not one of this version, or damaged. What it
    /// holds keeps parts of `bytes` (the source cache's entries, written again as they are).
    /// `treesRead` is given the two trees as soon as they are decoded, on the core that decoded
    /// them, while the source cache may still be read on another. With `sourcesOnly`, the trees
    /// and pages are not decoded (an edit's check of the site needs only the source cache).
    init?(
        parsing bytes: StoredBytes, sourcesOnly: Bool = false,
        treesRead: (@Sendable (_ live: TreeRecord?, _ staging: TreeRecord?) -> Void)? = nil
    ) {
        guard let body = bytes.withUnsafeBytes({ Self.checkedBody(of: $0) }), body.count >= 8 else { return nil }
        var trailer = BinaryReader(bytes, range: body.upperBound - 8..<body.upperBound)
        guard let length = trailer.fixed() else { return nil }
        var reader = BinaryReader(bytes, range: 0..<body.upperBound - 8)
        guard reader.expect(Self.header), length <= Int.max, let sourcesPart = reader.part(length: Int(length))
        else { return nil }
        let recordsPart = reader
        let wanted = sourcesOnly ? [Section.sources(nil)] : [Section.sources(nil), .records(nil)]
        let sections = wanted.parallelMap { section -> Section in
            switch section {
            case .sources:
                var reader = sourcesPart
                return .sources(SourceCache(reading: &reader).flatMap { reader.atEnd ? $0 : nil })
            case .records:
                var reader = recordsPart
                let records = Self.records(&reader).flatMap { reader.atEnd ? $0 : nil }
                if let records { treesRead?(records.live, records.staging) }
                return .records(records)
            }
        }
        guard case .sources(let sources?) = sections[0] else { return nil }
        self.init()
        if sourcesOnly {
            self.sources = sources
            return
        }
        guard case .records(let records?) = sections[1] else { return nil }
        self.sources = sources
        (live, staging, pages) = records
    }

    /// Writes the stored form to `file`, sorted so the same state always gives the same
    /// bytes: the header, the source cache, the trees and pages, then the source cache's
    /// length and a hash of everything before the hash. Each section goes to the file a
    /// megabyte at a time as it is encoded: the 73 MB of a 50k-post site are never in memory.
    func write(to file: HashedFile) throws(FileSystemError) {
        var writer = BinaryWriter(capacity: 1 << 21)
        let spill = { (writer: inout BinaryWriter) throws(FileSystemError) in try writer.drain(into: file.append) }
        writer.raw(Self.header)
        try spill(&writer)
        let start = file.count
        try sources.write(to: &writer, spill: spill)
        try spill(&writer)
        let sourcesLength = file.count - start
        try writeRecords(to: &writer, spill: spill)
        writer.fixed(UInt64(sourcesLength))
        try spill(&writer)
        try file.appendHash()
    }

    /// The range of a stored form's bytes before the hash they end with, when that hash is theirs.
    static func checkedBody(of bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        guard let hash = storedHash(of: bytes) else { return nil }
        let body = 0..<bytes.count - 8
        var computed = StableHash()
        computed.combine(UnsafeRawBufferPointer(rebasing: bytes[body]))
        return computed.value == hash ? body : nil
    }

    /// The hash a stored form ends with (`HashedFile.appendHash`).
    static func storedHash(of bytes: UnsafeRawBufferPointer) -> UInt64? {
        guard bytes.count >= 8 else { return nil }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
    }

    /// One of the two sections, as asked for or as decoded.
    private enum Section: Sendable {
        case sources(SourceCache?)
        case records((live: TreeRecord?, staging: TreeRecord?, pages: [OutputPath: PageRecord])?)
    }

    /// The trees and pages, all in memory (a state's changes are small).
    func writeRecords(to writer: inout BinaryWriter) {
        writeRecords(to: &writer) { (_: inout BinaryWriter) throws(Never) in }
    }

    /// The trees and pages: the table of paths, the two trees, the pages.
    private func writeRecords<Failure: Error>(
        to writer: inout BinaryWriter, spill: (inout BinaryWriter) throws(Failure) -> Void
    ) throws(Failure) {
        var all = Set(pages.keys)
        for tree in [live, staging] { all.formUnion(tree?.files.keys ?? [:].keys) }
        var paths = Array(all)
        paths.sortByBytes(of: \.text)
        writer.integer(paths.count)
        for path in paths {
            writer.string(path.text)
            if writer.bytes.count >= 1 << 20 { try spill(&writer) }
        }
        try Self.write(live, paths: paths, to: &writer, spill: spill)
        try Self.write(staging, paths: paths, to: &writer, spill: spill)
        try Self.write(pages, paths: paths, to: &writer, spill: spill)
    }

    /// The trees and pages at the reader's position (what follows them is the caller's to check).
    static func records(
        _ reader: inout BinaryReader
    ) -> (live: TreeRecord?, staging: TreeRecord?, pages: [OutputPath: PageRecord])? {
        // Each path hashed once here, for the two trees and the pages keyed by it.
        guard let paths = reader.strings()?.map({ OutputPath($0) }), let live = Self.tree(&reader, paths: paths),
            let staging = Self.tree(&reader, paths: paths), let pages = Self.pages(&reader, paths: paths)
        else { return nil }
        return (live, staging, pages)
    }

    // MARK: Trees

    /// A tree's files in path order, by their number in `paths` (the sorted table of every path).
    private static func write<Failure: Error>(
        _ tree: TreeRecord?, paths: [OutputPath], to writer: inout BinaryWriter,
        spill: (inout BinaryWriter) throws(Failure) -> Void
    ) throws(Failure) {
        guard let tree else { return writer.integer(0) }
        writer.integer(1)
        writer.fixed(tree.root)
        writer.fixed(tree.written)
        writer.integer(tree.files.count)
        for (number, path) in paths.enumerated() {
            guard let file = tree.files[path] else { continue }
            writer.integer(number)
            writer.fixed(file.fingerprint)
            writer.integer(Int64(file.size))
            writer.integer(tree.written - file.trusted)
            if writer.bytes.count >= 1 << 20 { try spill(&writer) }
        }
    }

    /// A tree record, `.some(nil)` for none stored, `nil` when damaged.
    private static func tree(_ reader: inout BinaryReader, paths: [OutputPath]) -> TreeRecord?? {
        guard let present = reader.integer() else { return nil }
        guard present == 1 else { return .some(nil) }
        guard let root = reader.fixed(), let written = reader.fixedSigned(), let count = reader.count() else {
            return nil
        }
        var files: [OutputPath: TreeRecord.File] = [:]
        files.reserveCapacity(count)
        for _ in 0..<count {
            guard let number = reader.count(), number < paths.count, let fingerprint = reader.fixed(),
                let size = reader.signed(), let age = reader.signed()
            else { return nil }
            files[paths[number]] = TreeRecord.File(fingerprint: fingerprint, size: Int(size), trusted: written - age)
        }
        return .some(TreeRecord(root: root, written: written, files: files))
    }

    // MARK: Pages

    private static func write<Failure: Error>(
        _ pages: [OutputPath: PageRecord], paths: [OutputPath], to writer: inout BinaryWriter,
        spill: (inout BinaryWriter) throws(Failure) -> Void
    ) throws(Failure) {
        var templateLists: [[PageRecord.TemplateUse]: Int] = [:]
        var readLists: [DigestKey: Int] = [:]
        var templateTable: [[PageRecord.TemplateUse]] = []
        var readTable: [PageRecord] = []
        let sorted = paths.enumerated().compactMap { number, path in pages[path].map { (number, $0) } }
        var lists: [(templates: Int, reads: Int)] = []
        lists.reserveCapacity(sorted.count)
        // Pages side by side mostly used the same templates: comparing with the last list spares hashing it.
        var last: (templates: [PageRecord.TemplateUse], number: Int)?
        for (_, record) in sorted {
            let templates =
                (last.flatMap { $0.templates == record.templates ? $0.number : nil }
                    ?? templateLists[record.templates])
                ?? {
                    templateTable.append(record.templates)
                    templateLists[record.templates] = templateTable.count - 1
                    return templateTable.count - 1
                }()
            last = (record.templates, templates)
            let reads =
                readLists[DigestKey(record.readsDigest)]
                ?? {
                    readTable.append(record)
                    readLists[DigestKey(record.readsDigest)] = readTable.count - 1
                    return readTable.count - 1
                }()
            lists.append((templates, reads))
        }
        writer.integer(templateTable.count)
        for list in templateTable {
            writer.integer(list.count)
            for use in list {
                writer.string(use.name)
                writer.fixed(use.sourceHash)
            }
        }
        writer.integer(readTable.count)
        for record in readTable {
            writer.fixed(record.readsDigest)
            writer.integer(record.reads.count)
            for read in record.reads {
                write(read.path, to: &writer)
                writer.integer(Int(read.kind.rawValue))
                writer.fixed(read.digest)
            }
            if writer.bytes.count >= 1 << 20 { try spill(&writer) }
        }
        writer.integer(sorted.count)
        for ((number, record), list) in zip(sorted, lists) {
            writer.integer(number)
            writer.fixed(record.fingerprint)
            writer.integer(list.templates)
            writer.integer(list.reads)
            writer.integer(record.lazies.count)
            for lazy in record.lazies {
                writer.fixed(lazy.identity)
                if let path = lazy.path {  // Found by its path: the key is not needed to check it.
                    writer.integer(1)
                    write(path, to: &writer)
                } else {
                    writer.integer(0)
                    writer.fixed(lazy.keyHash)
                }
            }
            if writer.bytes.count >= 1 << 20 { try spill(&writer) }
        }
    }

    private static func pages(_ reader: inout BinaryReader, paths: [OutputPath]) -> [OutputPath: PageRecord]? {
        guard let templateCount = reader.count() else { return nil }
        var templateTable: [(digest: UInt64, templates: [PageRecord.TemplateUse])] = []
        for _ in 0..<templateCount {
            guard let count = reader.count() else { return nil }
            var list: [PageRecord.TemplateUse] = []
            for _ in 0..<count {
                guard let name = reader.string(), let hash = reader.fixed() else { return nil }
                list.append(PageRecord.TemplateUse(name: name, sourceHash: hash))
            }
            templateTable.append((PageRecord.digest(of: list), list))
        }
        guard let readCount = reader.count() else { return nil }
        var readTable: [(digest: UInt64, reads: [ReadLog.Read])] = []
        for _ in 0..<readCount {
            guard let digest = reader.fixed(), let count = reader.count() else { return nil }
            var list: [ReadLog.Read] = []
            for _ in 0..<count {
                guard let path = path(&reader), let raw = reader.integer(), raw < 256,
                    let kind = ReadKind(rawValue: UInt8(raw)), let digest = reader.fixed()
                else { return nil }
                list.append(ReadLog.Read(path: path, kind: kind, digest: digest))
            }
            readTable.append((digest, list))
        }
        guard let pageCount = reader.count() else { return nil }
        var pages: [OutputPath: PageRecord] = [:]
        pages.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            guard let number = reader.count(), number < paths.count, let fingerprint = reader.fixed(),
                let templates = reader.count(), let reads = reader.count(), templates < templateTable.count,
                reads < readTable.count, let lazyCount = reader.count()
            else { return nil }
            var lazies: [ReadLog.Lazy] = []
            lazies.reserveCapacity(lazyCount)
            for _ in 0..<lazyCount {
                guard let identity = reader.fixed(), let hasPath = reader.integer() else { return nil }
                if hasPath == 1 {
                    guard let path = self.path(&reader) else { return nil }
                    lazies.append(ReadLog.Lazy(path: path, keyHash: 0, identity: identity))
                } else {
                    guard let keyHash = reader.fixed() else { return nil }
                    lazies.append(ReadLog.Lazy(path: nil, keyHash: keyHash, identity: identity))
                }
            }
            pages[paths[number]] = PageRecord(
                templates: templateTable[templates].templates, templatesDigest: templateTable[templates].digest,
                reads: readTable[reads].reads,
                readsDigest: readTable[reads].digest,
                lazies: lazies, fingerprint: fingerprint)
        }
        return pages
    }

    // MARK: Paths

    private static func write(_ path: ValuePath, to writer: inout BinaryWriter) {
        writer.integer(path.count)
        for step in path {
            switch step {
            case .root(let index): writer.integer(UInt64(index) << 2)
            case .index(let index): writer.integer(UInt64(index) << 2 | 1)
            case .key(let key):
                writer.integer(2)
                writer.string(key)
            }
        }
    }

    private static func path(_ reader: inout BinaryReader) -> ValuePath? {
        guard let count = reader.count() else { return nil }
        var path: ValuePath = []
        path.reserveCapacity(count)
        for _ in 0..<count {
            guard let tag = reader.integer() else { return nil }
            switch tag & 3 {
            case 0: path.append(.root(Int(tag >> 2)))
            case 1: path.append(.index(Int(tag >> 2)))
            case 2:
                guard tag == 2, let key = reader.string() else { return nil }
                path.append(.key(key))
            default: return nil
            }
        }
        return path
    }
}
