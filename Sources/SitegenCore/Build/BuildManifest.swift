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
    private static let header = "sitegen-manifest 1"

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
    /// Works on bytes: a manifest has a line per output file, tens of thousands of them.
    public init?(parsing bytes: [UInt8]) {
        var lines = ManifestLines(bytes)
        guard lines.next()?.elementsEqual(Self.header.utf8) == true,
            lines.next()?.elementsEqual("version \(SitegenVersion.current)".utf8) == true
        else {
            return nil
        }
        files.reserveCapacity(bytes.count / 60)
        while let line = lines.next() {
            var fields = FieldScanner(line)
            let kind = fields.word()
            if kind.elementsEqual("file".utf8) {
                guard let fingerprint = fields.hex(), let size = fields.decimal(), let path = fields.rest() else { return nil }
                files[path] = Entry(fingerprint: fingerprint, size: size)
            } else if kind.elementsEqual("excerpt".utf8) {
                guard let key = fields.hex() else { return nil }
                excerpts[key] = fields.rest() ?? ""
            } else {
                return nil
            }
        }
    }

    /// The manifest as text, sorted so the same build always writes the same bytes.
    public var text: String {
        var text = "\(Self.header)\nversion \(SitegenVersion.current)\n"
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            text += "file \(entry.fingerprint.hex16) \(entry.size) \(path)\n"
        }
        for (key, excerpt) in excerpts.sorted(by: { $0.key < $1.key }) {
            text += "excerpt \(key.hex16) \(excerpt)\n"
        }
        return text
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

/// The lines of a byte buffer, without their `\n`.
private struct ManifestLines {
    private let bytes: [UInt8]
    private var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> ArraySlice<UInt8>? {
        guard index < bytes.count else { return nil }
        let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        defer { index = end + 1 }
        return bytes[index..<end]
    }
}

/// Space-separated fields of one manifest line.
private struct FieldScanner {
    private let line: ArraySlice<UInt8>
    private var index: Int
    init(_ line: ArraySlice<UInt8>) {
        self.line = line
        index = line.startIndex
    }

    mutating func word() -> ArraySlice<UInt8> {
        let start = index
        while index < line.endIndex, line[index] != UInt8(ascii: " ") { index += 1 }
        defer { if index < line.endIndex { index += 1 } }
        return line[start..<index]
    }

    mutating func hex() -> UInt64? {
        var value: UInt64 = 0
        let digits = word()
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        for byte in digits {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt64(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

    mutating func decimal() -> Int? {
        var value = 0
        let digits = word()
        guard !digits.isEmpty, digits.count < 19 else { return nil }
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    mutating func rest() -> String? {
        guard index <= line.endIndex else { return nil }
        return String(decoding: line[index...], as: UTF8.self)
    }
}
