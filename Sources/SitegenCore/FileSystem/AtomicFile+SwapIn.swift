#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AtomicFile {
    /// Puts a replacement in its target's place by exchanging the two names, so
    /// that nothing at the target is ever destroyed unseen: what the exchange took
    /// out (now under the temp name) is compared with the bytes the edit read, and
    /// when it differs (someone saved since) it is exchanged back.
    ///
    /// The way back can meet another save too: a file renamed over the target
    /// while the replacement stood there. Each exchange back then brings out that
    /// save instead of the file put in, and it goes back in its turn, until an
    /// exchange brings out what the previous one put in (nobody saved between the
    /// two). The target is then left with the newest save, and what is discarded
    /// is only the refused replacement, or a save that a later save of the same
    /// file superseded, as it would have without sitegen. Each file put in is held
    /// open until judged, so its inode number cannot pass to another file meanwhile.
    ///
    /// Not covered: a program writing into the target in place (not by rename)
    /// after the exchange writes into the file taken out, which is discarded.
    struct SwapIn {
        /// The open folder holding both names.
        let folder: Int32
        /// The replacement's name and open descriptor.
        let tempName: String
        let tempDescriptor: Int32
        /// The target's name.
        let name: String
        /// What the target must hold for the replacement to stand: the bytes the edit read.
        let expected: [UInt8]

        /// Swaps the replacement in; `false` when the system cannot exchange names (nothing was done).
        /// Throws `changedOnDisk` once every save is back in place; the temp name then holds what is to go.
        func run() throws(Failure) -> Bool {
            let code = FolderExchange.exchangeNames(tempName, name, in: folder)
            if [ENOSYS, EINVAL, ENOTSUP, EOPNOTSUPP].contains(code) { return false }
            guard code == 0 else { throw .system(FileSystemError(path: name, code: code)) }
            var held = HeldEntry(tempName, in: folder)
            if held.holds(expected) { return true }
            var placed = HeldEntry(descriptor: tempDescriptor, owned: false)
            // An editor would have to save within each of the microseconds between two exchanges to keep this going.
            for _ in 0..<100 {
                let code = FolderExchange.exchangeNames(tempName, name, in: folder)
                guard code == 0 else { throw keeping(FileSystemError(path: name, code: code)) }
                let received = HeldEntry(tempName, in: folder)
                if let identity = received.identity, identity == placed.identity { throw .changedOnDisk }
                (placed, held) = (held, received)
            }
            throw keeping(FileSystemError(path: name, code: EAGAIN))
        }

        /// Moves what the temp name holds (a save not yet back in place) to a name no cleaner removes,
        /// and says where in the error.
        private func keeping(_ error: FileSystemError) -> Failure {
            var error = error
            let kept = ".\(name).sitegen-kept-\(String(UInt32.random(in: .min ... .max), radix: 16))"
            if renameat(folder, tempName, folder, kept) == 0 {
                error.note = "the file as it was on disk is kept as \(kept) beside it"
            }
            return .system(error)
        }
    }

    /// A file found under a name, held open (where it can be) so that its inode
    /// number stays its own while it is compared.
    private final class HeldEntry {
        struct Identity: Equatable {
            let device: UInt64
            let inode: UInt64

            init(_ status: stat) {
                device = UInt64(status.st_dev)
                inode = UInt64(status.st_ino)
            }
        }

        private let descriptor: Int32
        private let owned: Bool
        /// Device and inode; `nil` when nothing is there.
        let identity: Identity?

        /// The entry `name` of `folder`, not following a link.
        convenience init(_ name: String, in folder: Int32) {
            let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 {
                self.init(descriptor: descriptor, owned: true)
            } else {
                // A symbolic link (or a file this process may not read): known by its identity alone.
                var status = stat()
                let found = fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0
                self.init(identity: found ? Identity(status) : nil)
            }
        }

        /// An open file; closed with this value when `owned`.
        init(descriptor: Int32, owned: Bool) {
            self.descriptor = descriptor
            self.owned = owned
            var status = stat()
            identity = fstat(descriptor, &status) == 0 ? Identity(status) : nil
        }

        private init(identity: Identity?) {
            descriptor = -1
            owned = false
            self.identity = identity
        }

        deinit { if owned { systemClose(descriptor) } }

        /// Whether this is a regular file holding exactly `bytes`.
        func holds(_ bytes: [UInt8]) -> Bool {
            var status = stat()
            guard descriptor >= 0, fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                Int(status.st_size) == bytes.count
            else { return false }
            guard let read = try? FileReader.read(descriptor, upTo: bytes.count + 1, path: "") else { return false }
            return read == bytes
        }
    }
}
