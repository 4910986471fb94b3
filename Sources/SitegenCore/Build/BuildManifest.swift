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
    private static let header = "sitegen-manifest 3\nversion \(SitegenVersion.current)\n"

    /// The output files, by path relative to the output folder.
    public var files: [String: Entry] = [:]
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
        guard reader.atEnd else { return nil }
    }

    /// The manifest's stored form, sorted so the same build always writes the same bytes.
    public var encoded: [UInt8] { Self.encoded(files: files.sorted(by: { $0.key < $1.key })) }

    /// The stored form of files sorted by path.
    static func encoded(files: [(key: String, value: Entry)]) -> [UInt8] {
        var writer = BinaryWriter(capacity: files.count * 64)
        writer.raw(Self.header)
        writer.integer(files.count)
        for (path, entry) in files {
            writer.string(path)
            writer.integer(entry.fingerprint)
            writer.integer(entry.size)
        }
        return writer.bytes
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
