extension String {
    /// Calls `body` with the string's UTF-8, read where it lies.
    ///
    /// `withUTF8` is a mutating method: called on a copy (`var copy = text`), it retained and
    /// released the string's storage around every use. On the hot paths (escaping each value a
    /// page shows, hashing keys, writing records) those counts land on strings that every core
    /// reads, and the cores then take turns at one cache line. A native string is always
    /// contiguous; any other is made so in a copy.
    @inline(__always)
    func withBorrowedUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
