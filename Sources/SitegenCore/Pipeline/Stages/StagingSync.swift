/// Brings a reused staging tree (the build before last) in line with a new
/// plan: keeps the files whose fingerprint still matches and that nobody
/// touched since they were recorded (`StagingSurvey`), leaves the planned
/// files it holds with other bytes to be written over, deletes everything
/// else, so only changed files need writing.
enum StagingSync {
    /// What a reused staging tree holds once it is in line with a plan.
    struct Reconciled: Sendable {
        /// The files kept as they are, with their records.
        var kept: [OutputPath: TreeRecord.File] = [:]
        /// Planned files it holds with other bytes, untouched and its own (no other name for
        /// their data): left in place for the writer to write over (`FileWriter.writeOver`),
        /// which spares freeing their blocks and allocating others.
        var rewritable: Set<OutputPath> = []
        /// Files of the live tree, as recorded, whose other name in the staging tree was removed:
        /// that changed their status (one link fewer), and nothing else did, so the caller trusts
        /// them again from now. Else the next build, which finds them in its staging tree, would
        /// take them for touched and discard them instead of writing over them.
        var unshared: [OutputPath] = []
    }

    /// The live tree beside the staging tree, as its record describes it.
    struct LiveTree {
        var path: String
        var record: TreeRecord?
    }

    /// `survey` is a look at the tree taken earlier in this build, used when it is of
    /// `record`'s tree; else the tree is looked at now. `live` is the tree whose files the
    /// staging tree's shared ones most often are.
    static func reconcile(
        _ staging: String, record: TreeRecord?, wanted: [OutputPath: UInt64], survey earlier: StagingSurvey? = nil,
        live: LiveTree? = nil, trash: Trash
    ) throws(FileSystemError) -> Reconciled {
        guard let record else { return Reconciled() }  // A fresh, empty staging folder.
        let survey: StagingSurvey
        if let earlier, earlier.isOf(record) {
            survey = earlier
        } else {
            survey = try StagingSurvey(staging, record: record)
        }
        for folder in survey.replaced { try FileWriter.removeTree(staging + "/" + folder) }
        for stray in survey.strays { try FileWriter.removeTree(staging + "/" + stray) }

        // Files: kept when wanted unchanged and untouched, left to write over when wanted with other
        // bytes and untouched and unshared, else removed (and noted when no longer wanted).
        // A live tree that cannot be opened shares no file that can be told to be its.
        let liveRoot = live.flatMap { try? FolderHandle($0.path) }
        let liveFiles = live?.record?.files ?? [:]
        let outcomes = survey.files.parallelMap { file -> Result<FileOutcome, FileSystemError> in
            let fingerprint = wanted[file.path]
            if let fingerprint, file.untouched {
                if fingerprint == file.record.fingerprint { return .success(.kept) }
                if !file.shared { return .success(.rewritable) }
            }
            // A wanted file that is another name of the live tree's, as recorded: removing this name is then
            // the only change to its status (looked at before, as what happens after cannot be told apart).
            let liveCopy = fingerprint != nil && isLiveCopy(file, liveRoot: liveRoot, recorded: liveFiles[file.path])
            return Result { () throws(FileSystemError) in try remove(file, in: staging, trash: trash) }.map {
                unlinked in
                fingerprint == nil ? .unwanted : .removed(unshared: unlinked && liveCopy)
            }
        }
        var reconciled = Reconciled()
        reconciled.kept.reserveCapacity(survey.files.count)
        var unwanted: [String] = []  // Their paths' folders may be left empty.
        for (file, outcome) in zip(survey.files, outcomes) {
            switch try outcome.get() {
            case .kept: reconciled.kept[file.path] = file.record
            case .rewritable: reconciled.rewritable.insert(file.path)
            case .removed(let unshared): if unshared { reconciled.unshared.append(file.path) }
            case .unwanted: unwanted.append(file.path.text)
            }
        }

        try removeEmptied(parentFolders(of: unwanted), in: staging)
        return reconciled
    }

    /// What became of a surveyed file; `unshared`: it was another name of the live tree's file, as recorded.
    private enum FileOutcome {
        case kept, rewritable, unwanted
        case removed(unshared: Bool)
    }

    /// Whether a surveyed file shared with other names is the live tree's file at its path (the open
    /// folder `liveRoot`), still as `recorded` there.
    private static func isLiveCopy(_ file: StagingSurvey.File, liveRoot: FolderHandle?, recorded: TreeRecord.File?)
        -> Bool
    {
        guard file.shared, let liveRoot, let recorded, let status = liveRoot.status(of: file.path.text) else {
            return false
        }
        return status.inode == file.inode && status.isAsRecorded(recorded)
    }

    /// Removes a surveyed file; returns whether it was unlinked where it was (not moved into the
    /// trash). One with other names frees no blocks: removed at once, at a third of the cost of a
    /// move into the trash and a removal there.
    private static func remove(_ file: StagingSurvey.File, in staging: String, trash: Trash) throws(FileSystemError)
        -> Bool
    {
        let path = staging + "/" + file.path.text
        if file.shared {
            do throws(SystemErrno) {
                try PathCalls.unlink(path)
                return true
            } catch .noSuchFile {
                return false
            } catch {}  // Left to the trash, which says what is wrong.
        }
        try trash.discard(path)
        return false
    }

    /// Removes the folders that held files no longer made, deepest first; `rmdir` leaves non-empty ones.
    static func removeEmptied(_ folders: Set<OutputPath>, in staging: String) throws(FileSystemError) {
        for folder in folders.map(\.text).sorted().reversed() where !folder.isEmpty {
            let path = staging + "/" + folder
            do throws(SystemErrno) {
                try PathCalls.removeEmptyFolder(path)
            } catch .noSuchFile, .notEmpty, .exists {
                continue
            } catch {
                throw FileSystemError(path: path, error)
            }
        }
    }

    /// Whether each file of a tree is still as its record says: a regular file
    /// of the same size, its status not changed since it was last trusted.
    static func untouched(_ tree: String, files: [(path: OutputPath, file: TreeRecord.File)]) -> [Bool] {
        // A tree that cannot be opened has no file known to be as recorded: each is written anew.
        guard let root = try? FolderHandle(tree) else { return Array(repeating: false, count: files.count) }
        return files.parallelMap { root.status(of: $0.path.text)?.isAsRecorded($0.file) ?? false }
    }

    /// Every folder holding one of `files`, including the root (`""`).
    /// (Each hashed once, as an `OutputPath`: ten thousand folders of posts are surveyed on every rebuild.)
    static func parentFolders(of files: some Sequence<String>) -> Set<OutputPath> {
        var folders: Set<OutputPath> = [""]
        folders.reserveCapacity(files.underestimatedCount + 16)
        for file in files {
            // On the path's own bytes: walking its UTF-8 view cost more than the set.
            file.withBorrowedUTF8 { bytes in
                var end = bytes.endIndex
                while let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) {
                    let folder = OutputPath(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self))
                    if !folders.insert(folder).inserted { break }
                    end = slash
                }
            }
        }
        return folders
    }
}
