#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The resized copies of a site's photos, kept between builds in the state
/// folder (`.public.sitegen/images/`), safe to delete at any time:
///
/// - `images/<key>/`: one photo's published copies (`480.webp`, `480.jpg`, …,
///   `full.jpg` for the original made anew), named by a key of the source's bytes
///   and the settings they were made with; complete once `done` is in it.
/// - `images/index`: for each source file's `stat` (as `PublishedFile.fingerprint`
///   names it), the hash of its bytes and its header, so a rebuild reads no photo
///   whose `stat` is unchanged.
struct ImageCache: Sendable {
    /// The cache folder: `images` in the output's state folder.
    let folder: String

    init(statePath: String) { folder = statePath + "/images" }

    /// What the index knows of one source file.
    struct Known: Sendable, Hashable {
        var contentHash: UInt64
        var header: VipsImage.Header
    }

    /// The folder of the copies made under `key`.
    func path(of key: UInt64) -> String { folder + "/" + Self.name(of: key) }

    /// Whether the copies of `key` are all there.
    func isComplete(_ key: UInt64) -> Bool { PathCalls.exists(path(of: key) + "/done") }

    /// The index as stored; empty when missing or not readable as one (then every photo is read once more).
    func index() -> [UInt64: Known] {
        guard let bytes = try? FileReader.read(folder + "/index", limit: 64 << 20) else { return [:] }
        var known: [UInt64: Known] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ").map { UInt64($0, radix: 16) }
            guard fields.count == 5, let stat = fields[0], let hash = fields[1], let width = fields[2],
                let height = fields[3], let pages = fields[4]
            else { return [:] }
            known[stat] = Known(
                contentHash: hash, header: VipsImage.Header(width: Int(width), height: Int(height), pages: Int(pages)))
        }
        return known
    }

    /// Stores the index whole (written aside, then renamed over the old one).
    func store(_ index: [UInt64: Known]) throws(FileSystemError) {
        var text = ""
        for (stat, known) in index.sorted(by: { $0.key < $1.key }) {
            let fields = [
                stat, known.contentHash, UInt64(known.header.width), UInt64(known.header.height),
                UInt64(known.header.pages),
            ]
            text += fields.map { String($0, radix: 16) }.joined(separator: " ") + "\n"
        }
        try FileWriter.createFolder(folder)
        let temporary = folder + "/index" + FileWriter.temporarySuffix + String(getpid())
        try FileWriter.write(Array(text.utf8), to: temporary)
        try FolderExchange.rename(temporary, to: folder + "/index")
    }

    /// Makes the copies of `key` in a folder of their own (`make` writes each file into the
    /// folder it is given), then puts it in place; another build that made them first wins.
    func make(_ key: UInt64, _ make: (String) throws -> Void) throws {
        let final = path(of: key)
        let part =
            final + FileWriter.temporarySuffix + String(getpid()) + "-"
            + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        try FileWriter.createFolder(part)
        do {
            try make(part)
            try FileWriter.write([], to: part + "/done")
            try FileWriter.removeTree(final)  // An incomplete folder a killed build left.
            try FolderExchange.rename(part, to: final)
        } catch {
            try? FileWriter.removeTree(part)  // Only a temp folder: the error that matters is thrown.
            if isComplete(key) { return }
            throw error
        }
    }

    /// Removes every folder but those of `kept` (copies of photos or settings no longer used).
    func keepOnly(_ kept: Set<UInt64>) throws(FileSystemError) {
        guard DirectoryListing.isFolder(folder) else { return }
        let names = Set(kept.map(Self.name(of:)))
        for entry in try DirectoryListing.entries(of: folder) where entry.kind == .folder && !names.contains(entry.name)
        {
            try FileWriter.removeTree(folder + "/" + entry.name)
        }
    }

    private static func name(of key: UInt64) -> String {
        let hex = String(key, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
