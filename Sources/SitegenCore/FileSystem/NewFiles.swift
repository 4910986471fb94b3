import Foundation

/// Writes a set of new files under a folder, all of them or none: an existing
/// file is never replaced, and a failure part-way removes what was written
/// (files and the folders made for them). `init` and `theme export` use it.
package enum NewFiles {
    /// The given paths (relative to `folder`) that already exist.
    package static func existing(_ paths: [String], in folder: String) -> [String] {
        paths.filter { path in
            var status = stat()
            return lstat(folder + "/" + path, &status) == 0
        }
    }

    /// Writes every file, making the folders they need (and `folder` itself).
    package static func write(_ files: [(path: String, bytes: [UInt8])], in folder: String) throws(FileSystemError) {
        var made: [String] = []  // Files and folders this call created, in order.
        do {
            try makeFolder(folder, made: &made)
            for file in files {
                let path = folder + "/" + file.path
                if let slash = path.lastIndex(of: "/") { try makeFolder(String(path[..<slash]), made: &made) }
                try create(path, file.bytes)
                made.append(path)
            }
        } catch {
            for path in made.reversed() where unlink(path) != 0 { rmdir(path) }
            throw error
        }
    }

    /// Makes a folder and its missing parents, recording each one made.
    private static func makeFolder(_ path: String, made: inout [String]) throws(FileSystemError) {
        if DirectoryListing.isFolder(path) { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeFolder(String(path[..<slash]), made: &made)
        }
        guard mkdir(path, 0o755) == 0 else { throw FileSystemError(path: path) }
        made.append(path)
    }

    /// Creates a file that must not exist yet.
    private static func create(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(path: path) }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in try FileWriter.writeAll(buffer, to: descriptor, path: path) }
        }.get()
    }
}
