/// Copies a published file into the staging tree, checking that the source is
/// still what the plan found: a file changed in between fails the build
/// rather than publish bytes its fingerprint does not name.
enum FileCopy {
    /// Copies `file` from the site into `staging`, over the stale file of the tree's own there when
    /// `over` (`FileWriter.writeOver`); returns the fingerprint to record for the copy.
    static func copy(_ file: PublishedFile, siteRoot: String, to staging: String, over: Bool = false) throws -> UInt64 {
        let source = siteRoot + "/" + file.source
        let changed = Diagnostic(
            at: SourceLocation(path: file.source), "the file changed while the site was being built; build again")
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(source, limit: Int(file.status.size))
        } catch {
            switch error {
            case .tooLarge: throw changed
            case .system(let failure):
                throw Diagnostic(at: SourceLocation(path: file.source), "cannot read file: \(failure.reason)")
            }
        }
        let now = FileStatus.now()
        guard let status = FileStatus(path: source), status == file.status, bytes.count == Int(status.size) else {
            throw changed
        }
        let target = staging + "/" + file.output
        try over ? FileWriter.writeOver(bytes, to: target) : FileWriter.writeNew(bytes, to: target)
        // A change within the clock tick of the read would leave the same `stat`: such a copy is redone next time.
        return status.changed > now - SourceCache.racyWindow ? file.racyFingerprint : file.fingerprint
    }
}
