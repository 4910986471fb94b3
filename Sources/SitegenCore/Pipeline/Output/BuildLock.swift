/// One build of an output at a time: an advisory lock (`LockFile`) on `lock` in the
/// state folder, held from a build's first write to its last. The file holds
/// the holder's process id (`recordSize` bytes, written in place), for the
/// message of a build that waits. A lock left by a killed build is never in
/// the way: the kernel drops it with the process.
final class BuildLock {
    private let file: LockFile
    /// Whether another build held the lock first (so the build state may have changed since it was read).
    private(set) var waited = false

    /// What to do when another build holds the lock.
    enum Contention {
        /// Wait for it; `waiting` is told first (with the other build's process id, if known).
        case wait(waiting: (Int32?) -> Void)
        /// Give up at once.
        case fail
    }

    /// Another build holds the lock and this one would not wait.
    struct Held: Error {
        /// The other build's process id, if known.
        var holder: Int32?
    }

    /// Takes the lock of `output`'s builds, creating the state folder if needed.
    init(for output: OutputFolder, contention: Contention) throws {
        try FileWriter.createFolder(output.statePath)
        file = try LockFile(output.statePath + "/lock")
        if try !file.lockIfFree() {
            let holder = Self.holder(of: file)
            guard case .wait(let waiting) = contention else { throw Held(holder: holder) }
            waiting(holder)
            waited = true
            try file.lock()
        }
        try Self.record(LockFile.processID, in: file)
    }

    /// How many bytes the holder's process id takes in the lock file: ten digits, zeros first, and a newline.
    static let recordSize = 11

    /// Writes `pid` over the last holder's, in place and always as long: truncating the file first
    /// freed its block, and a disk that discards freed blocks made the build wait for that at its
    /// start (5 to 60 ms on the machine we measure on). A longer file (not written by sitegen) is cut.
    private static func record(_ pid: Int32, in file: LockFile) throws(FileSystemError) {
        let digits = String(pid)
        let text = String(repeating: "0", count: max(0, recordSize - 1 - digits.count)) + digits + "\n"
        try file.writeAtStart(Array(text.utf8))
        if try file.size() > recordSize { try file.truncate(to: recordSize) }
    }

    /// The lock of a folder sitegen already keeps state for, if nobody holds it: a build
    /// may take it before anything shows that it will write (the state folder is there).
    static func ifFree(for output: OutputFolder) -> BuildLock? {
        guard DirectoryListing.isFolder(output.statePath) else { return nil }
        return try? BuildLock(for: output, contention: .fail)  // Held or failing: taken, or not, later as ever.
    }

    /// The process id written in the lock file by its holder, if it can be read (it only names
    /// the holder in a message).
    private static func holder(of file: LockFile) -> Int32? {
        guard let bytes = try? file.readStart(upTo: 32), !bytes.isEmpty else { return nil }
        return Int32(String(decoding: bytes, as: UTF8.self).trimmingWhitespace)
    }
}
