/// What a build wrote and from which inputs, kept as `.sitegen` inside each
/// output tree (so it is swapped in together with the files it describes).
/// A later build reuses every file whose fingerprint is unchanged.
public struct BuildManifest: Sendable, Equatable {
    /// One output file: the fingerprint of its inputs and its size when written.
    public struct Entry: Sendable, Equatable {
        /// A hash of everything the file was made from.
        public var fingerprint: UInt64
        /// Its size in bytes, to notice a file changed by hand.
        public var size: Int
    }

    /// The file name of the manifest inside an output tree.
    public static let fileName = ".sitegen"
    private static let header = "sitegen-manifest 2\nversion \(SitegenVersion.current)\n"

    /// The output files, by path relative to the output folder.
    public var files: [String: Entry] = [:]
    /// Excerpts of rendered Markdown, by a hash of the source and excerpt length.
    public var excerpts: [UInt64: String] = [:]
    /// When a stored manifest was written (its file's status-change time, in
    /// nanoseconds since 1970): files and folders of its tree changed later were
    /// touched by someone else. 0 for a manifest not read from disk.
    public var written: Int64 = 0

    /// An empty manifest.
    public init() {}

    /// Reads a manifest; `nil` when it is not one (or of another version).
    /// Binary records (`BinaryWriter`): a manifest has an entry per output file, tens of thousands of them.
    public init?(parsing bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        guard reader.expect(Self.header), let fileCount = reader.count() else { return nil }
        files.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            guard let path = reader.string(), let fingerprint = reader.integer(), let size = reader.signed() else {
                return nil
            }
            files[path] = Entry(fingerprint: fingerprint, size: Int(size))
        }
        guard let excerptCount = reader.count() else { return nil }
        excerpts.reserveCapacity(excerptCount)
        for _ in 0..<excerptCount {
            guard let key = reader.integer(), let excerpt = reader.string() else { return nil }
            excerpts[key] = excerpt
        }
        guard reader.atEnd else { return nil }
    }

    /// The manifest's stored form, sorted so the same build always writes the same bytes.
    public var encoded: [UInt8] {
        let excerpts = self.excerpts.sorted(by: { $0.key < $1.key })
        return Self.encoded(files: files.sorted(by: { $0.key < $1.key }), excerptCount: excerpts.count) { writer in
            for (key, excerpt) in excerpts {
                writer.integer(key)
                writer.string(excerpt)
            }
        }
    }

    /// The stored form from its parts: the files sorted by path, then the excerpt
    /// records (sorted by key), which `writeExcerpts` writes.
    static func encoded(
        files: [(key: String, value: Entry)], excerptCount: Int, writeExcerpts: (inout BinaryWriter) -> Void
    ) -> [UInt8] {
        var writer = BinaryWriter(capacity: files.count * 64 + excerptCount * 200)
        writer.raw(Self.header)
        writer.integer(files.count)
        for (path, entry) in files {
            writer.string(path)
            writer.integer(entry.fingerprint)
            writer.integer(entry.size)
        }
        writer.integer(excerptCount)
        writeExcerpts(&writer)
        return writer.bytes
    }

    /// The excerpt records of a stored manifest, each as its key and the range
    /// of its stored bytes, left undecoded; `nil` if it is not a manifest.
    static func excerptRecords(in bytes: [UInt8]) -> [(key: UInt64, record: Range<Int>)]? {
        var reader = BinaryReader(bytes)
        guard reader.expect(Self.header), let fileCount = reader.count() else { return nil }
        for _ in 0..<fileCount {
            guard reader.skipString(), reader.integer() != nil, reader.integer() != nil else { return nil }
        }
        guard let excerptCount = reader.count() else { return nil }
        var records: [(key: UInt64, record: Range<Int>)] = []
        records.reserveCapacity(excerptCount)
        for _ in 0..<excerptCount {
            let start = reader.offset
            guard let key = reader.integer(), reader.skipString() else { return nil }
            records.append((key, start..<reader.offset))
        }
        return reader.atEnd ? records : nil
    }

    /// The manifest stored in an output tree, if it has a readable one.
    public static func stored(in folder: String) -> BuildManifest? {
        let path = folder + "/" + fileName
        guard let status = FileStatus(path: path), let bytes = try? FileReader.read(path),
            var manifest = BuildManifest(parsing: bytes)
        else { return nil }
        manifest.written = status.changed
        return manifest
    }
}
