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

    /// An empty manifest.
    public init() {}

    /// Reads a manifest's text; `nil` when it is not one (or of another version).
    public init?(parsing text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(Self.header), lines.popFirst() == Substring("version \(SitegenVersion.current)")
        else { return nil }
        for line in lines {
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            switch fields.first {
            case "file":
                guard fields.count == 4, let fingerprint = UInt64(fields[1], radix: 16), let size = Int(fields[2]) else {
                    return nil
                }
                files[String(fields[3])] = Entry(fingerprint: fingerprint, size: size)
            case "excerpt":
                guard fields.count >= 2, let key = UInt64(fields[1], radix: 16) else { return nil }
                let rest = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
                excerpts[key] = rest.count == 3 ? String(rest[2]) : ""
            default:
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
        guard let bytes = try? FileReader.read(folder + "/" + fileName) else { return nil }
        return BuildManifest(parsing: String(decoding: bytes, as: UTF8.self))
    }
}
