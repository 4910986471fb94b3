import Foundation

/// What tells whether a file was written: its bytes, its modification time and its inode.
struct FileIdentity: Equatable {
    var bytes: [UInt8]
    var modified: Date
    var inode: Int
}

extension TempSite {
    /// The bytes of a file in the site.
    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: url(path))) }

    /// A file's bytes, modification time and inode, to prove an edit did not touch it.
    func identity(_ path: String) throws -> FileIdentity {
        let attributes = try FileManager.default.attributesOfItem(atPath: url(path).path)
        return FileIdentity(
            bytes: try bytes(path), modified: attributes[.modificationDate] as? Date ?? .distantPast,
            inode: attributes[.systemFileNumber] as? Int ?? -1)
    }

    /// The names in a folder of the site, hidden ones included, sorted.
    func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path).sorted()
    }

    /// Writes an executable shell script (a fake editor) and returns its path.
    func script(_ name: String, _ body: String) throws -> String {
        try write(name, "#!/bin/sh\n" + body)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url(name).path)
        return url(name).path
    }
}
