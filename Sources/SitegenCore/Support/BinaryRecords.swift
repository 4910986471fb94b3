/// Appends values to a byte buffer in a compact form for sitegen's own cache
/// files: integers as 8 little-endian bytes, strings as a length and UTF-8.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func integer(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func integer(_ value: Int64) { integer(UInt64(bitPattern: value)) }

    mutating func integer(_ value: Int) { integer(Int64(value)) }

    /// Bytes as they are, for a header a reader checks with `expect`.
    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            integer(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }
}

/// Reads what `BinaryWriter` wrote; every read is `nil` past the end, so a
/// truncated or damaged file is refused rather than misread.
struct BinaryReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func integer() -> UInt64? {
        guard bytes.count - index >= 8 else { return nil }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index, as: UInt64.self) }
        index += 8
        return UInt64(littleEndian: value)
    }

    mutating func signed() -> Int64? { integer().map { Int64(bitPattern: $0) } }

    mutating func count() -> Int? {
        guard let value = integer(), value <= UInt64(bytes.count) else { return nil }
        return Int(value)
    }

    mutating func string() -> String? {
        guard let length = count(), bytes.count - index >= length else { return nil }
        defer { index += length }
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[index..<index + length]), as: UTF8.self)
        }
    }

    /// Whether the next bytes are exactly `text`'s UTF-8, consuming them if so.
    mutating func expect(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard bytes.count - index >= utf8.count, bytes[index..<index + utf8.count].elementsEqual(utf8) else { return false }
        index += utf8.count
        return true
    }
}
