#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Substring search by UTF-8 bytes, with the C library's `memchr` and
/// `memcmp`. Foundation's `contains(_:)` and `range(of:)` on `String` compare
/// by characters through `NSString`, and even `utf8.contains` walks byte by
/// byte; on Linux either costs more than rendering the Markdown they look at.
enum ByteSearch {
    /// The offset of the first `needle` in `haystack` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard !needle.isEmpty, start <= haystack.count, needle.count <= haystack.count - start else { return nil }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                find(pin, in: UnsafeRawBufferPointer(rebasing: hay[start...])).map { $0 + start }
            }
        }
    }

    /// The offset of the first `needle` in `haystack`.
    static func find(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let first = needle.first, let base = haystack.baseAddress, needle.count <= haystack.count else {
            return nil
        }
        var offset = 0
        let last = haystack.count - needle.count
        while offset <= last {
            guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return at }
            offset = at + 1
        }
        return nil
    }
}

extension StringProtocol {
    /// Whether `needle` occurs in the text, compared by UTF-8 bytes.
    func containsText(_ needle: String) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { text in
            needle.withBorrowedUTF8 { pin in
                pin.isEmpty || ByteSearch.find(UnsafeRawBufferPointer(pin), in: UnsafeRawBufferPointer(text)) != nil
            }
        }
        return found ?? String(self).containsText(needle)
    }

    /// Whether the text holds this byte (an ASCII character).
    func containsByte(_ byte: UInt8) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { text -> Bool in
            guard let base = text.baseAddress else { return false }
            return memchr(base, Int32(byte), text.count) != nil
        }
        return found ?? String(self).containsByte(byte)
    }
}

extension String {
    /// The string with every `target` replaced, compared by UTF-8 bytes.
    func replacingBytes(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8)
        let needle = Array(target.utf8)
        let new = Array(replacement.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        while let found = ByteSearch.find(needle, in: bytes, from: position) {
            result += bytes[position..<found]
            result += new
            position = found + needle.count
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }
}
