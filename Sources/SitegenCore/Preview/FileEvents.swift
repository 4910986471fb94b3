#if canImport(Glibc)
    import Glibc

    /// Linux's inotify on the watched folders: says that something in them
    /// changed (not what: `WatchedFiles` scans tell that), so the watcher
    /// sleeps until there is something to look at instead of scanning a few
    /// times a second, and notices a save within milliseconds.
    final class FileEvents {
        private let descriptor: Int32
        private var watched: Set<String> = []

        /// Events for the site folder itself (`site.yml`, new top folders); `nil` when inotify is not available.
        init?(siteRoot: String) {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            watch([siteRoot])
        }

        deinit { close(descriptor) }

        /// Adds the folders not watched yet (folders that went away drop out by themselves).
        func watch(_ folders: [String]) {
            let mask = UInt32(
                IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
                    | IN_DELETE_SELF
                    | IN_MOVE_SELF)
            for folder in folders where !watched.contains(folder) {
                if inotify_add_watch(descriptor, folder, mask) >= 0 { watched.insert(folder) }
            }
        }

        /// Waits up to `seconds` for events; true if some came (they are read and dropped).
        func wait(_ seconds: Double) -> Bool {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(seconds * 1000)) > 0 else { return false }
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            return true
        }
    }
#endif
