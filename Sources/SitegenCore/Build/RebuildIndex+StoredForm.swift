/// The stored form of a `RebuildIndex`: binary records (`BinaryWriter`).
extension RebuildIndex {
    private static let header = "sitegen-rebuild 1 \(SitegenVersion.current)\n"

    /// Reads the stored form; `nil` if it is not an index of this version.
    init?(parsing bytes: [UInt8]) {
        var reader = BinaryReader(bytes)
        guard reader.expect(Self.header), let siteRoot = reader.string(), let global = reader.integer(),
            let written = reader.signed(), let live = Self.identity(&reader), let staging = Self.identity(&reader),
            let pageCount = reader.count(), let sourceCount = reader.count()
        else { return nil }
        var sources: [Source] = []
        sources.reserveCapacity(sourceCount)
        for _ in 0..<sourceCount {
            guard let source = Self.source(&reader) else { return nil }
            sources.append(source)
        }
        guard let folderCount = reader.count() else { return nil }
        var contentFolders: [Folder] = []
        for _ in 0..<folderCount {
            guard let path = reader.string(), let present = reader.integer() else { return nil }
            var status: FileStatus?
            if present == 1 {
                guard let found = Self.status(&reader) else { return nil }
                status = found
            }
            contentFolders.append(Folder(path: path, status: status))
        }
        guard let scanWarnings = Self.warnings(&reader), let fileCount = reader.count() else { return nil }
        var files: [OutputFile] = []
        files.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            guard let path = reader.string(), let live = Self.entry(&reader), let staging = Self.entry(&reader) else {
                return nil
            }
            files.append(OutputFile(path: path, live: live, staging: staging))
        }
        guard let outputFolderCount = reader.count() else { return nil }
        var folders: [String] = []
        folders.reserveCapacity(outputFolderCount)
        for _ in 0..<outputFolderCount {
            guard let folder = reader.string() else { return nil }
            folders.append(folder)
        }
        guard reader.atEnd, sources.allSatisfy({ $0.outputs.allSatisfy(files.indices.contains) }) else { return nil }
        self.init(
            siteRoot: siteRoot, global: global, written: written, live: live, staging: staging, pageCount: pageCount,
            sources: sources, contentFolders: contentFolders, scanWarnings: scanWarnings, files: files, folders: folders)
    }

    /// The stored form.
    var encoded: [UInt8] {
        var writer = BinaryWriter(capacity: sources.count * 160 + files.count * 80 + folders.count * 40)
        writer.raw(Self.header)
        writer.string(siteRoot)
        writer.integer(global)
        writer.integer(written)
        for identity in [live, staging] {
            writer.integer(identity.inode)
            writer.integer(identity.changed)
        }
        writer.integer(pageCount)
        writer.integer(sources.count)
        for source in sources {
            writer.string(source.path)
            Self.write(source.status, to: &writer)
            writer.integer(source.hash)
            writer.integer(source.modelHash)
            writer.integer(source.excerptLimit)
            writer.integer(source.excerptHash)
            writer.integer(source.inFeed ? 1 : 0)
            writer.integer(source.outputs.count)
            for output in source.outputs { writer.integer(output) }
            Self.write(source.warnings, to: &writer)
        }
        writer.integer(contentFolders.count)
        for folder in contentFolders {
            writer.string(folder.path)
            writer.integer(folder.status == nil ? 0 : 1)
            if let status = folder.status { Self.write(status, to: &writer) }
        }
        Self.write(scanWarnings, to: &writer)
        writer.integer(files.count)
        for file in files {
            writer.string(file.path)
            for entry in [file.live, file.staging] {
                writer.integer(entry.fingerprint)
                writer.integer(entry.size)
            }
        }
        writer.integer(folders.count)
        for folder in folders { writer.string(folder) }
        return writer.bytes
    }

    private static func identity(_ reader: inout BinaryReader) -> ManifestIdentity? {
        guard let inode = reader.integer(), let changed = reader.signed() else { return nil }
        return ManifestIdentity(inode: inode, changed: changed)
    }

    private static func entry(_ reader: inout BinaryReader) -> BuildManifest.Entry? {
        guard let fingerprint = reader.integer(), let size = reader.signed() else { return nil }
        return BuildManifest.Entry(fingerprint: fingerprint, size: Int(size))
    }

    private static func write(_ status: FileStatus, to writer: inout BinaryWriter) {
        writer.integer(status.size)
        writer.integer(status.modified)
        writer.integer(status.changed)
        writer.integer(status.inode)
    }

    private static func status(_ reader: inout BinaryReader) -> FileStatus? {
        guard let size = reader.signed(), let modified = reader.signed(), let changed = reader.signed(),
            let inode = reader.integer()
        else { return nil }
        return FileStatus(size: size, modified: modified, changed: changed, inode: inode)
    }

    /// Warnings, with -1 for a missing line or column.
    private static func write(_ warnings: [Warning], to writer: inout BinaryWriter) {
        writer.integer(warnings.count)
        for warning in warnings {
            writer.string(warning.path)
            writer.integer(warning.line ?? -1)
            writer.integer(warning.column ?? -1)
            writer.string(warning.message)
        }
    }

    private static func warnings(_ reader: inout BinaryReader) -> [Warning]? {
        guard let count = reader.count() else { return nil }
        var warnings: [Warning] = []
        for _ in 0..<count {
            guard let path = reader.string(), let line = reader.signed(), let column = reader.signed(),
                let message = reader.string()
            else { return nil }
            warnings.append(
                Warning(path: path, line: line < 0 ? nil : Int(line), column: column < 0 ? nil : Int(column), message: message))
        }
        return warnings
    }

    private static func source(_ reader: inout BinaryReader) -> Source? {
        guard let path = reader.string(), let status = status(&reader), let hash = reader.integer(),
            let modelHash = reader.integer(), let excerptLimit = reader.count(), let excerptHash = reader.integer(),
            let inFeed = reader.integer(), let outputCount = reader.count()
        else { return nil }
        var outputs: [Int] = []
        for _ in 0..<outputCount {
            guard let output = reader.count() else { return nil }
            outputs.append(output)
        }
        guard let warnings = warnings(&reader) else { return nil }
        return Source(
            path: path, status: status, hash: hash, modelHash: modelHash, excerptLimit: excerptLimit,
            excerptHash: excerptHash, inFeed: inFeed == 1, outputs: outputs, warnings: warnings)
    }
}
