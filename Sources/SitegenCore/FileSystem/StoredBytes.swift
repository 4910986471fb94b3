#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes that a `BinaryReader` reads and that what it read may keep parts of: a whole file
/// mapped into memory, or a copy of an array (also a template's literal text, which its
/// nodes point into). Never changed; freed when the last reader, slice, entry or template
/// holding them goes.
///
/// The build state is mapped rather than read: its 13 MB at 10k posts are the page cache's
/// own pages, mapped at once, where reading them into a new buffer touched every page of
/// that buffer for the first time (one fault each) and copied every byte, 6 to 10 ms of each
/// rebuild. sitegen only ever replaces a state file (unlinks it and renames a new one in),
/// which leaves a mapping of the old one whole; a program that shortened the file in place
/// while a build read it would stop that build with `SIGBUS`.
final class StoredBytes: @unchecked Sendable {
    /// The bytes; valid while this lives, so only lent out for the length of a call (`withUnsafeBytes`).
    private let buffer: UnsafeRawBufferPointer
    private let mapped: Bool

    /// A copy of `bytes`.
    init(_ bytes: [UInt8]) {
        buffer = Self.copy(of: bytes)
        mapped = false
    }

    private static func copy(of bytes: [UInt8]) -> UnsafeRawBufferPointer {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
        return UnsafeRawBufferPointer(copy)
    }

    /// The file at `path`, mapped read-only; read into memory where it cannot be mapped (a file
    /// system without `mmap`), or when `maps` is false.
    init(mapping path: String, maps: Bool = true) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(path: path) }
        let size = Int(status.st_size)
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_POPULATE  // Every page mapped now, not at its first read.
        #else
            let flags = MAP_PRIVATE
        #endif
        // `mmap` refuses a length of 0: an empty file is read, as nothing.
        if maps, size > 0, let start = mmap(nil, size, PROT_READ, flags, descriptor, 0), start != MAP_FAILED {
            buffer = UnsafeRawBufferPointer(start: start, count: size)
            mapped = true
            return
        }
        // Else read (a file shortened since its `stat` gives fewer bytes, which then fail its hash).
        buffer = Self.copy(of: try FileReader.read(descriptor, upTo: size, path: path))
        mapped = false
    }

    deinit {
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        } else {
            UnsafeMutableRawBufferPointer(mutating: buffer).deallocate()
        }
    }

    var count: Int { buffer.count }

    /// Calls `body` with the bytes, which stay valid until it returns.
    @inline(__always)
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(buffer)
    }

    /// Some of the bytes, holding on to all of them.
    struct Slice: Sendable {
        let storage: StoredBytes
        let range: Range<Int>

        /// Calls `body` with the slice's bytes.
        func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
    }
}
