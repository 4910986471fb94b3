/// Appends values to a byte buffer in a compact form for sitegen's build
/// state: counts and small numbers as variable-length integers (7 bits a
/// byte), hashes and times as 8 little-endian bytes, strings as a length and UTF-8.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Hands the bytes written so far to `sink` and starts again, keeping the buffer: a
    /// large stored form goes to its file in pieces instead of whole (`HashedFile`).
    mutating func drain(into sink: (UnsafeRawBufferPointer) throws(FileSystemError) -> Void) throws(FileSystemError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(FileSystemError) in try sink(buffer) } }.get()
        bytes.removeAll(keepingCapacity: true)
    }

    /// A number in as few bytes as it needs.
    mutating func integer(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// A signed number, zig-zag encoded so small negative numbers stay short.
    mutating func integer(_ value: Int64) { integer(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    /// A count, index or other number that is never negative.
    mutating func integer(_ value: Int) {
        precondition(value >= 0, "negative number written as unsigned")
        integer(UInt64(value))
    }

    /// A hash or a time: all 64 bits, in 8 bytes.
    mutating func fixed(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func fixed(_ value: Int64) { fixed(UInt64(bitPattern: value)) }

    /// Bytes as they are, for a header a reader checks with `expect`.
    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Bytes as they are: a record written by another writer.
    mutating func raw(_ record: [UInt8]) { bytes.append(contentsOf: record) }

    /// Bytes as they are: a record copied from what a `BinaryReader` read.
    mutating func raw(_ record: StoredBytes.Slice) {
        record.withBytes { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        value.withBorrowedUTF8 { utf8 in
            integer(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A count, then each string.
    mutating func strings(_ values: [String]) {
        integer(values.count)
        for value in values { string(value) }
    }

    /// A count, then each hash in 8 bytes.
    mutating func fixedList(_ values: [UInt64]) {
        integer(values.count)
        for value in values { fixed(value) }
    }
}

/// Reads what `BinaryWriter` wrote; every read is `nil` past the end, so a
/// truncated or damaged file is refused rather than misread.
struct BinaryReader {
    private let storage: StoredBytes
    private var index: Int
    /// Where its part of the bytes ends.
    private let end: Int

    /// A reader of a copy of `bytes`.
    init(_ bytes: [UInt8]) { self.init(StoredBytes(bytes)) }

    init(_ storage: StoredBytes) { self.init(storage, range: 0..<storage.count) }

    /// A reader of `range` of `storage` only (sharing it, not copying).
    init(_ storage: StoredBytes, range: Range<Int>) {
        self.storage = storage
        index = range.lowerBound
        end = range.upperBound
    }

    var atEnd: Bool { index == end }

    /// A reader of the next `length` bytes, which this one skips; `nil` when fewer are left.
    mutating func part(length: Int) -> BinaryReader? {
        guard end - index >= length else { return nil }
        defer { index += length }
        return BinaryReader(storage, range: index..<index + length)
    }

    /// How far it has read.
    var position: Int { index }

    /// The bytes read from `start` to here, to write again as they are.
    func bytes(since start: Int) -> StoredBytes.Slice { StoredBytes.Slice(storage: storage, range: start..<index) }

    /// A number `BinaryWriter.integer(_: UInt64)` wrote.
    mutating func integer() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < end, shift < 64 {
            let byte = storage.withUnsafeBytes { $0[index] }
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// A signed number `BinaryWriter.integer(_: Int64)` wrote.
    mutating func signed() -> Int64? {
        integer().map { Int64(bitPattern: ($0 >> 1) ^ (0 &- ($0 & 1))) }
    }

    /// A hash or time `BinaryWriter.fixed` wrote.
    mutating func fixed() -> UInt64? {
        guard end - index >= 8 else { return nil }
        let value = storage.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index, as: UInt64.self) }
        index += 8
        return UInt64(littleEndian: value)
    }

    mutating func fixedSigned() -> Int64? { fixed().map { Int64(bitPattern: $0) } }

    /// A count or index: a number no larger than the data could hold.
    mutating func count() -> Int? {
        guard let value = integer(), value <= UInt64(end) else { return nil }
        return Int(value)
    }

    mutating func string() -> String? {
        stringBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// Strings `BinaryWriter.strings` wrote.
    mutating func strings() -> [String]? { list(leastBytes: 1) { $0.string() } }

    /// Hashes `BinaryWriter.fixedList` wrote.
    mutating func fixedList() -> [UInt64]? { list(leastBytes: 8) { $0.fixed() } }

    /// A count, then as many elements read by `element`, each at least `leastBytes` long (so a
    /// damaged count is refused before room is made for it).
    private mutating func list<Element>(leastBytes: Int, _ element: (inout BinaryReader) -> Element?) -> [Element]? {
        guard let count = count(), count <= (end - index) / leastBytes else { return nil }
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = element(&self) else { return nil }
            values.append(value)
        }
        return values
    }

    /// The UTF-8 of a string `BinaryWriter.string` wrote, in place: valid while the bytes read are
    /// (as long as this reader, or anything else holding them, lives).
    mutating func stringBytes() -> UnsafeBufferPointer<UInt8>? {
        guard let length = count(), end - index >= length else { return nil }
        defer { index += length }
        guard length > 0, let base = storage.withUnsafeBytes({ $0.baseAddress }) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self) + index, count: length)
    }

    /// Whether the next bytes are exactly `text`'s UTF-8, consuming them if so.
    mutating func expect(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard end - index >= utf8.count,
            storage.withUnsafeBytes({ $0[index..<index + utf8.count].elementsEqual(utf8) })
        else {
            return false
        }
        index += utf8.count
        return true
    }
}
