import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files and folders a build no longer wants, moved out of its way at once
/// and removed on another thread while it renders. On a disk that discards
/// freed blocks (ext4 mounted with `discard`), removing a file waits on the
/// device (about 0.1 ms a file on the machine we measure on, for a file
/// already on disk), and a rename does not.
///
/// It is a folder in the state folder (`.NAME.sitegen/trash/`, on the
/// output's file system, so moving is a rename), emptied before the build
/// returns; whatever a killed build left there is removed by the next.
final class Trash: Sendable {
    /// The trash folder.
    let path: String
    /// Names in the trash are this process's id and a count, so no two builds pick one.
    private let count = Atomic<Int>(0)
    private let emptied = DispatchGroup()

    /// The trash of the output whose state folder is `statePath`.
    init(statePath: String) {
        path = statePath + "/trash"
    }

    /// Moves `item` (a file or a whole tree) into the trash, or removes it where it is when it
    /// cannot be moved. A missing item is no error.
    func discard(_ item: String) throws(FileSystemError) {
        let target = path + "/\(getpid())-\(count.add(1, ordering: .relaxed).newValue)"
        if rename(item, target) == 0 { return }
        if errno == ENOENT {
            var status = stat()
            guard lstat(item, &status) == 0 else { return }  // Nothing there.
            if (mkdir(path, 0o755) == 0 || errno == EEXIST) && rename(item, target) == 0 { return }
        }
        try FileWriter.removeTree(item)
    }

    /// Starts removing everything in the trash on another thread (`waitUntilEmpty` waits for it).
    func empty() {
        let path = path
        emptied.enter()
        DispatchQueue.global().async { [emptied] in
            for entry in (try? DirectoryListing.entries(of: path)) ?? [] {
                try? FileWriter.removeTree(path + "/" + entry.name)
            }
            rmdir(path)
            emptied.leave()
        }
    }

    /// Waits until what `empty()` started is done.
    func waitUntilEmpty() {
        emptied.wait()
    }
}
