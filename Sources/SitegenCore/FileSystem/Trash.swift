import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files and folders a build no longer wants, moved out of its way at once
/// and removed on another thread while it works. On a disk that discards
/// freed blocks (ext4 mounted with `discard`), removing a file waits on the
/// device (about 0.1 ms a file on the machine we measure on, for a file
/// already on disk), and a rename does not.
///
/// It is a folder in the state folder (`.NAME.sitegen/trash/`, on the
/// output's file system, so moving is a rename). A build starts by removing
/// what earlier builds left there, and waits for that before it returns; what
/// it discards itself it starts removing at once, and waits for only when it
/// discarded few items. Many (the pages of a deleted tag; stale pages the
/// staging tree still plans are written over instead, `StagingSync`) are left
/// to the next build, which removes them while it works.
/// So the trash never holds more than two builds' discards, and a killed
/// build's are removed by the next.
final class Trash: Sendable {
    /// The trash folder.
    let path: String
    /// How many items a build discards and still waits to see removed.
    static let removedBeforeReturning = 64

    /// This trash's own items are named with this prefix and a count: no two builds (or two
    /// builds of one process) pick one.
    private let prefix: String
    private let count = Atomic<Int>(0)
    private let ownRemoved = DispatchGroup()
    private let leftoversRemoved = DispatchGroup()
    private static let instances = Atomic<Int>(0)

    /// The trash of the output whose state folder is `statePath`.
    init(statePath: String) {
        path = statePath + "/trash"
        prefix = "\(getpid())-\(Self.instances.add(1, ordering: .relaxed).newValue)-"
    }

    /// Moves `item` (a file or a whole tree) into the trash, or removes it where it is when it
    /// cannot be moved. A missing item is no error.
    func discard(_ item: String) throws(FileSystemError) {
        let target = path + "/" + prefix + String(count.add(1, ordering: .relaxed).newValue)
        if rename(item, target) == 0 { return }
        if errno == ENOENT {
            var status = stat()
            guard lstat(item, &status) == 0 else { return }  // Nothing there.
            if (mkdir(path, 0o755) == 0 || errno == EEXIST) && rename(item, target) == 0 { return }
        }
        try FileWriter.removeTree(item)
    }

    /// Starts removing, on another thread, what earlier builds left in the trash.
    func emptyLeftovers() {
        remove(where: { !$0.hasPrefix(self.prefix) }, group: leftoversRemoved)
    }

    /// Starts removing, on another thread, what this build discarded so far.
    func empty() {
        remove(where: { $0.hasPrefix(self.prefix) }, group: ownRemoved)
    }

    /// Waits for what a build must not leave behind: what earlier builds left, and what it
    /// discarded itself when that is few items (`removedBeforeReturning`).
    func waitBeforeReturning() {
        leftoversRemoved.wait()
        if count.load(ordering: .relaxed) <= Self.removedBeforeReturning { ownRemoved.wait() }
    }

    /// Waits until everything `empty()` and `emptyLeftovers()` started is removed.
    func waitUntilEmpty() {
        leftoversRemoved.wait()
        ownRemoved.wait()
    }

    private func remove(where chosen: @escaping @Sendable (String) -> Bool, group: DispatchGroup) {
        let path = path
        group.enter()
        DispatchQueue.global().async {
            for entry in (try? DirectoryListing.entries(of: path)) ?? [] where chosen(entry.name) {
                try? FileWriter.removeTree(path + "/" + entry.name)
            }
            rmdir(path)  // Left while the other removal (or a discard) still has items there.
            group.leave()
        }
    }
}
