#if canImport(Glibc)
    import Glibc

    /// Linux's inotify on the watched folders: says which paths in them changed,
    /// so the watcher looks at just those (`WatchedFiles.refresh`) instead of
    /// scanning the whole site, and notices a save within milliseconds.
    final class FileEvents {
        private let descriptor: Int32
        /// Each watched folder's path by its watch descriptor.
        private var folders: [Int32: String] = [:]

        /// Events for the site folder itself (`site.yml`, new top folders); `nil` when inotify is not available.
        init?(siteRoot: String) {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            watch([siteRoot])
        }

        deinit { close(descriptor) }

        /// What came: the paths named by events, or a sign that events were lost.
        enum Activity {
            case paths(Set<String>)
            /// The kernel's queue overflowed or a folder could not be watched: only a scan can tell.
            case unknown
        }

        /// Whether every folder asked for is watched (a system's watch limit can refuse some).
        private(set) var watchesAll = true

        /// Watches these folders (again: a folder watched already keeps its watch, under
        /// the path given now, which is how a moved folder's watch learns its new path).
        /// Folders that went away drop out by themselves.
        func watch(_ paths: [String]) {
            let mask = UInt32(
                IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
                    | IN_DELETE_SELF | IN_MOVE_SELF)
            for folder in paths {
                let watch = inotify_add_watch(descriptor, folder, mask)
                if watch >= 0 {
                    folders[watch] = folder
                } else if errno == ENOSPC {
                    watchesAll = false
                }
            }
        }

        /// Waits up to `seconds` for events; the paths they name (absolute), or `nil` when none came.
        func wait(_ seconds: Double) -> Activity? {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(seconds * 1000)) > 0 else { return nil }
            var paths: Set<String> = []
            var lost = false
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                lost = parse(buffer[..<count], into: &paths) || lost
            }
            return lost ? .unknown : .paths(paths)
        }

        /// Reads a run of `struct inotify_event` records; true when one says events were lost.
        private func parse(_ bytes: ArraySlice<UInt8>, into paths: inout Set<String>) -> Bool {
            var lost = false
            var offset = bytes.startIndex
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= bytes.endIndex {
                let event = bytes[offset..<offset + header].withUnsafeBytes { $0.loadUnaligned(as: inotify_event.self) }
                let nameBytes = bytes[(offset + header)..<min(bytes.endIndex, offset + header + Int(event.len))]
                offset += header + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { lost = true }
                guard let folder = folders[event.wd] else { continue }
                if event.mask & UInt32(IN_IGNORED) != 0 { folders[event.wd] = nil }  // The folder went away.
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                paths.insert(name.isEmpty ? folder : folder + "/" + name)
            }
            return lost
        }
    }
#endif
