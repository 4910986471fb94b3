#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says about a file that tells whether it may have changed.
package struct FileStatus: Sendable, Hashable {
    /// Size in bytes.
    package var size: Int64
    /// Last modification, in nanoseconds since 1970.
    package var modified: Int64
    /// Last status change (also moved by renames and `touch`), in nanoseconds since 1970.
    package var changed: Int64
    /// The inode number (a file replaced by rename gets a new one).
    package var inode: UInt64

    /// The status of the file at `path` (links followed), or `nil` if it cannot be read.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The status of the file at `path` relative to the open folder `folder` (links followed).
    init?(path: String, in folder: Int32) {
        var status = stat()
        // Through `withCString`: passing the String itself copied it into a new array first.
        guard path.withCString({ fstatat(folder, $0, &status, 0) }) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        size = Int64(status.st_size)
        #if canImport(Glibc)
            modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
            changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        #else
            modified = Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
            changed = Int64(status.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(status.st_ctimespec.tv_nsec)
        #endif
        inode = UInt64(status.st_ino)
    }

    /// Creates a status from its parts.
    package init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    /// How finely a file system stamps times, judged by files on it (nanoseconds):
    /// 1 when any of their status-change times has a fraction of a second; else
    /// whole seconds (ext2 with small inodes, some network file systems), or
    /// two seconds when every one is even (FAT). Measured, not assumed from a file system's name.
    package static func granularity(judgingBy paths: [String]) -> Int64 {
        let times = paths.compactMap { FileStatus(path: $0)?.changed }
        guard !times.isEmpty else { return 1 }
        if times.contains(where: { $0 % 1_000_000_000 != 0 }) { return 1 }
        return times.contains { ($0 / 1_000_000_000) % 2 != 0 } ? 1_000_000_000 : 2_000_000_000
    }

    /// Returns once file times stamped from now on, on a file system stamping
    /// every `granularity` nanoseconds, are later than `time`. File systems stamp
    /// changes from a clock that ticks every few milliseconds, and some keep only
    /// whole seconds, so without this a change made right after a build, in the
    /// tick (or the second) its last write was stamped in, would look no newer than the build.
    package static func waitUntilLater(than time: Int64, granularity: Int64 = 1) {
        let time = granularity <= 1 ? time : time / granularity * granularity + granularity - 1
        #if os(Linux)
            let clock = CLOCK_REALTIME_COARSE
        #else
            let clock = CLOCK_REALTIME
        #endif
        while true {
            var now = timespec()
            clock_gettime(clock, &now)
            if Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) > time { return }
            var pause = timespec(tv_sec: 0, tv_nsec: 500_000)
            nanosleep(&pause, nil)
        }
    }

    /// The current time in nanoseconds since 1970.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
