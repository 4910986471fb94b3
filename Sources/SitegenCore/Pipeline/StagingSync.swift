#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Brings a reused staging tree (the build before last) in line with a new
/// plan: keeps the files whose fingerprint still matches and that nobody
/// touched since they were recorded (`StagingSurvey`), deletes everything
/// else, so only changed files need writing.
///
enum StagingSync {
    /// Returns the files kept as they are, with their records. `survey` is a look at
    /// the tree taken earlier in this build, used when it is of `record`'s tree; else
    /// the tree is looked at now.
    static func reconcile(
        _ staging: String, record: TreeRecord?, wanted: [String: UInt64], survey earlier: StagingSurvey? = nil,
        trash: Trash
    ) throws(FileSystemError) -> [String: TreeRecord.File] {
        guard let record else { return [:] }  // A fresh, empty staging folder.
        let survey: StagingSurvey
        if let earlier, earlier.isOf(record) {
            survey = earlier
        } else {
            survey = try StagingSurvey(staging, record: record)
        }
        for folder in survey.replaced { try FileWriter.removeTree(staging + "/" + folder) }
        for stray in survey.strays { try FileWriter.removeTree(staging + "/" + stray) }

        // Files: kept when wanted unchanged and untouched, else removed (and noted when no longer wanted).
        let outcomes = survey.files.parallelMap {
            file -> Result<(kept: TreeRecord.File?, wanted: Bool), FileSystemError> in
            let fingerprint = wanted[file.path]
            if file.untouched, fingerprint == file.record.fingerprint { return .success((file.record, true)) }
            return Result { () throws(FileSystemError) in
                // A file linked from the live tree too frees no blocks: removed here, at a third of
                // the cost of a move into the trash and a removal there.
                let path = staging + "/" + file.path
                if file.shared, unlink(path) == 0 || errno == ENOENT { return }
                try trash.discard(path)
            }
            .map { (nil, fingerprint != nil) }
        }
        var kept: [String: TreeRecord.File] = [:]
        kept.reserveCapacity(survey.files.count)
        var unwanted: [String] = []
        for (file, outcome) in zip(survey.files, outcomes) {
            let (record, isWanted) = try outcome.get()
            if let record { kept[file.path] = record }
            if !isWanted { unwanted.append(file.path) }
        }

        try removeEmptied(parentFolders(of: unwanted), in: staging)
        return kept
    }

    /// Removes the folders that held files no longer made, deepest first; `rmdir` leaves non-empty ones.
    static func removeEmptied(_ folders: Set<String>, in staging: String) throws(FileSystemError) {
        for folder in folders.sorted().reversed() where !folder.isEmpty {
            let path = staging + "/" + folder
            if rmdir(path) != 0 && errno != ENOENT && errno != ENOTEMPTY && errno != EEXIST {
                throw FileSystemError(path: path)
            }
        }
    }

    /// Whether each file of a tree is still as its record says: a regular file
    /// of the same size, its status not changed since it was last trusted.
    static func untouched(_ tree: String, files: [(path: String, file: TreeRecord.File)]) -> [Bool] {
        let root = open(tree, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return Array(repeating: false, count: files.count) }
        defer { close(root) }
        return files.parallelMap { LinkStatus($0.path, in: root)?.isAsRecorded($0.file) ?? false }
    }

    /// Every folder holding one of `files`, including the root (`""`).
    static func parentFolders(of files: some Sequence<String>) -> Set<String> {
        var folders: Set<String> = [""]
        folders.reserveCapacity(files.underestimatedCount + 16)
        for file in files {
            var file = file
            // On the path's own bytes: walking its UTF-8 view cost more than the set.
            file.withUTF8 { bytes in
                var end = bytes.endIndex
                while let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) {
                    let folder = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
                    if !folders.insert(folder).inserted { break }
                    end = slash
                }
            }
        }
        return folders
    }
}
