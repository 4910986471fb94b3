#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes source files so that no crash, kill or concurrent change can lose a
/// byte: every write goes to a hidden temp file in the same folder, is synced,
/// and then renamed over the target (or linked into place for a new file) in
/// one step, followed by a sync of the folder.
///
/// A reader therefore sees the old file or the new one, never a mix. Temp
/// files carry an advisory lock while in use, so the next write can tell a
/// killed run's leftover (unlocked) from another run's live file and remove it.
///
/// The folder written into is given by its real path and opened without
/// following a link at any part of it (`LinkFreeFolder`); every later call is
/// relative to that open folder. A part of the path replaced by a symbolic link
/// after the caller checked it is therefore refused (`linkOnTheWay`), never
/// written through.
package enum AtomicFile {
    /// A file's bytes as read, remembered so a replace can tell whether anyone changed it meanwhile.
    package struct Snapshot: Sendable {
        /// The path as asked for; may be a symbolic link.
        package let path: String
        /// The real file behind `path`, every link resolved: what a replace renames over.
        package let realPath: String
        /// The bytes read.
        package let bytes: [UInt8]
        /// The permission bits, given to the replacement.
        let mode: mode_t
        /// The owner and group, given to the replacement when the system allows.
        let owner: (user: uid_t, group: gid_t)
    }

    /// Why a read or write did not happen.
    package enum Failure: Error, Sendable {
        /// The operating system refused a call.
        case system(FileSystemError)
        /// The file is larger than the limit it was read with.
        case tooLarge(size: Int, limit: Int)
        /// The file's bytes on disk are no longer the snapshot's; nothing was written.
        case changedOnDisk
        /// `create` found a file (or link) already at the path; nothing was written.
        case exists
        /// A part of the folder's real path (`path`, absolute) became a symbolic link since it was
        /// resolved; nothing was written.
        case linkOnTheWay(path: String)
    }

    /// Reads a file (following links) and remembers its bytes, real path and permissions.
    package static func read(_ path: String, limit: Int = .max) throws(Failure) -> Snapshot {
        guard let realPath = DirectoryListing.realPath(path) else { throw .system(FileSystemError(path: path)) }
        var status = stat()
        guard stat(realPath, &status) == 0 else { throw .system(FileSystemError(path: path)) }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(realPath, limit: limit)
        } catch {
            switch error {
            case .system(let failure): throw .system(FileSystemError(path: path, code: failure.code))
            case .tooLarge(let size, let limit): throw .tooLarge(size: size, limit: limit)
            }
        }
        return Snapshot(
            path: path, realPath: realPath, bytes: bytes, mode: status.st_mode & 0o7777,
            owner: (status.st_uid, status.st_gid))
    }

    /// Replaces the snapshot's file with `bytes`, keeping its permissions (and
    /// owner, where allowed); a symbolic link stays a link and its target gets
    /// the new bytes. Throws `changedOnDisk`, writing nothing, when the file no
    /// longer holds the snapshot's bytes.
    ///
    /// Where the system can exchange two names in one step (Linux's
    /// `RENAME_EXCHANGE`, macOS's `RENAME_SWAP`) the new file is swapped in and
    /// what it swapped out is compared with the snapshot, so an editor's save
    /// (temp file and rename) landing at any moment before the swap is seen and
    /// put back (`SwapIn`). Elsewhere (a file system that cannot exchange) the
    /// file is compared, then renamed over: a save landing between the two
    /// (microseconds, under the folder lock) is lost.
    package static func replace(_ snapshot: Snapshot, with bytes: [UInt8]) throws(Failure) {
        let (folder, name) = split(snapshot.realPath)
        let folderDescriptor = try openFolder(folder)
        defer { Glibc_close(folderDescriptor) }
        removeLeftovers(in: folderDescriptor, at: folder)
        let temp = try TempFile(folder: folderDescriptor, path: folder, name: name, mode: 0o600)
        do throws(Failure) {
            try temp.write(bytes)
            guard fchmod(temp.descriptor, snapshot.mode) == 0 else {
                throw Failure.system(FileSystemError(path: temp.path))
            }
            // Only root may give a file away; anyone else's replacement is theirs, as with any editor.
            _ = fchown(temp.descriptor, snapshot.owner.user, snapshot.owner.group)
            try temp.sync()
            // Other sitegen runs take the same folder lock, so no check-then-swap of theirs interleaves with
            // ours, and none removes what the swap leaves under the temp name before it is judged.
            flock(folderDescriptor, LOCK_EX)
            defer { flock(folderDescriptor, LOCK_UN) }
            // Checked after the (possibly long) write: a change seen now costs no swap.
            guard isUnchanged(snapshot, in: folderDescriptor, as: name) else { throw Failure.changedOnDisk }
            let swap = SwapIn(
                folder: folderDescriptor, tempName: temp.name, tempDescriptor: temp.descriptor, name: name,
                expected: snapshot.bytes)
            if try !swap.run() {
                guard renameat(folderDescriptor, temp.name, folderDescriptor, name) == 0 else {
                    throw Failure.system(FileSystemError(path: snapshot.path))
                }
            }
        } catch {
            // After a swap the temp name holds what is to go: the old file, or the refused replacement.
            temp.discard()
            throw error
        }
        temp.discard()
        guard fsync(folderDescriptor) == 0 else { throw .system(FileSystemError(path: folder)) }
    }

    /// Creates a new file holding `bytes`; never replaces anything already at
    /// `path` (not even a dangling link). The file appears whole or not at all.
    /// `path`'s folder must be a real path (no symbolic link in it).
    package static func create(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let (folder, name) = split(path)
        let folderDescriptor = try openFolder(folder)
        defer { Glibc_close(folderDescriptor) }
        removeLeftovers(in: folderDescriptor, at: folder)
        let temp = try TempFile(folder: folderDescriptor, path: folder, name: name, mode: 0o666)
        do throws(Failure) {
            try temp.write(bytes)
            try temp.sync()
            // link(2) is the create-exclusive step: like O_EXCL it fails when the name exists.
            if linkat(folderDescriptor, temp.name, folderDescriptor, name, 0) != 0 {
                let code = errno
                if code == EEXIST { throw Failure.exists }
                guard [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK].contains(code) else {
                    throw Failure.system(FileSystemError(path: path, code: code))
                }
                try createInPlace(name, in: folderDescriptor, path: path, with: bytes)
            }
        } catch {
            temp.discard()
            throw error
        }
        temp.discard()
        guard fsync(folderDescriptor) == 0 else { throw .system(FileSystemError(path: folder)) }
    }

    /// Whether a file name is one of the temp files `AtomicFile` writes: `.<name>.sitegen-<16 hex>.tmp`.
    package static func isTempName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let stem = name.dropLast(4)
        let random = stem.suffix(16)
        return random.count == 16 && random.allSatisfy(\.isHexDigit)
            && stem.dropLast(16).hasSuffix(".sitegen-") && stem.count > 16 + ".sitegen-".count
    }

    /// Removes temp files that no live run holds: leftovers of a run that was killed.
    /// Best effort on purpose: a leftover that cannot be removed harms nothing, it is hidden.
    private static func removeLeftovers(in folderDescriptor: Int32, at folder: String) {
        guard let entries = try? DirectoryListing.entries(ofOpenFolder: folderDescriptor, path: folder) else { return }
        // Under the folder lock: a replace holds it while its temp name holds another file than its own.
        flock(folderDescriptor, LOCK_EX)
        defer { flock(folderDescriptor, LOCK_UN) }
        for entry in entries where entry.kind == .file && isTempName(entry.name) {
            let descriptor = openat(folderDescriptor, entry.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { unlinkat(folderDescriptor, entry.name, 0) }
            Glibc_close(descriptor)
        }
    }

    /// Whether the file at the snapshot's path still holds exactly the snapshot's bytes.
    /// `name` is the file's name in the open folder.
    private static func isUnchanged(_ snapshot: Snapshot, in folder: Int32, as name: String) -> Bool {
        guard DirectoryListing.realPath(snapshot.path) == snapshot.realPath else { return false }
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { Glibc_close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            Int(status.st_size) == snapshot.bytes.count
        else { return false }
        guard let current = try? FileReader.read(descriptor, upTo: snapshot.bytes.count + 1, path: snapshot.realPath)
        else { return false }
        return current == snapshot.bytes
    }

    /// Fallback for file systems without hard links: write the new file in place, exclusively.
    private static func createInPlace(
        _ name: String, in folder: Int32, path: String, with bytes: [UInt8]
    ) throws(Failure) {
        let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? .exists : .system(FileSystemError(path: path))
        }
        defer { Glibc_close(descriptor) }
        do throws(FileSystemError) {
            try writeAll(bytes, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw FileSystemError(path: path) }
        } catch {
            unlinkat(folder, name, 0)
            throw .system(error)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in try FileWriter.writeAll(buffer, to: descriptor, path: path) }
        }.get()
    }

    /// The folder (a real path), open for the calls relative to it, for `fsync` (which makes a rename or
    /// link durable) and for the folder lock; a part of it that became a link is refused.
    private static func openFolder(_ folder: String) throws(Failure) -> Int32 {
        do {
            return try LinkFreeFolder.open(folder)
        } catch {
            switch error {
            case .link(let path): throw .linkOnTheWay(path: path)
            case .system(let failure): throw .system(failure)
            }
        }
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// An open, locked temp file beside the target; removed unless renamed or linked into place.
    private struct TempFile {
        /// Its path, for messages.
        let path: String
        /// The name in its folder.
        let name: String
        let descriptor: Int32
        /// The open folder it is in.
        private let folder: Int32

        /// A new temp file for `name` in the open `folder` (found at `folderPath`).
        init(folder: Int32, path folderPath: String, name: String, mode: mode_t) throws(Failure) {
            // Long names are shortened so the temp name stays within NAME_MAX.
            let stem = name.utf8.count > 100 ? String(name.prefix(30)) : name
            while true {
                let random = String(UInt64.random(in: .min ... .max), radix: 16)
                let name = ".\(stem).sitegen-\(String(repeating: "0", count: 16 - random.count))\(random).tmp"
                let path = "\(folderPath)/\(name)"
                let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
                if descriptor < 0 {
                    if errno == EEXIST { continue }
                    throw .system(FileSystemError(path: path))
                }
                // The lock tells other runs this file is live. A cleaner that got
                // in before the lock has unlinked it; then start over with a new name.
                var status = stat()
                if flock(descriptor, LOCK_EX) == 0, fstat(descriptor, &status) == 0, status.st_nlink > 0 {
                    self.path = path
                    self.name = name
                    self.descriptor = descriptor
                    self.folder = folder
                    return
                }
                Glibc_close(descriptor)
            }
        }

        func write(_ bytes: [UInt8]) throws(Failure) {
            do throws(FileSystemError) {
                try writeAll(bytes, to: descriptor, path: path)
            } catch {
                throw .system(error)
            }
        }

        func sync() throws(Failure) {
            guard fsync(descriptor) == 0 else { throw .system(FileSystemError(path: path)) }
        }

        /// Closes the file, which releases its lock.
        func close() { Glibc_close(descriptor) }

        /// Removes the temp file's name, then closes it.
        func discard() {
            unlinkat(folder, name, 0)
            close()
        }
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `close(2)`, named apart from the temp file's own `close`.
@inline(__always)
private func Glibc_close(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #else
        _ = Darwin.close(descriptor)
    #endif
}
