#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new file written in pieces as they are made, with a running hash of its
/// bytes (`StableHash.Stream`), so a large file that ends with the hash of
/// what precedes it needs no copy of itself in memory.
final class HashedFile: @unchecked Sendable {  // Written by one thread at a time.
    let path: String
    private let descriptor: Int32
    private(set) var hash = StableHash.Stream()
    /// How many bytes were written.
    private(set) var count = 0

    /// Creates (or truncates) `path`.
    init(creating path: String) throws(FileSystemError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(path: path) }
    }

    deinit { close(descriptor) }

    /// Writes the next bytes, hashing them.
    func append(_ buffer: UnsafeRawBufferPointer) throws(FileSystemError) {
        hash.combine(buffer)
        count += buffer.count
        try FileWriter.writeAll(buffer, to: descriptor, path: path)
    }

    /// Ends the file with the hash of every byte written before it (eight bytes, `BinaryWriter.fixed`).
    func appendHash() throws(FileSystemError) {
        var trailer = BinaryWriter(capacity: 8)
        trailer.fixed(hash.value)
        count += trailer.bytes.count
        try trailer.drain { (buffer) throws(FileSystemError) in
            try FileWriter.writeAll(buffer, to: descriptor, path: path)
        }
    }
}
