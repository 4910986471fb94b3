#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// Whether this text's UTF-8 bytes sort before `other`'s: the order of their
    /// code points, found with one `memcmp` on the strings' own storage (cheaper
    /// than comparing Strings, and far cheaper than iterating their UTF-8 views,
    /// for the tens of thousands of paths a build sorts).
    func precedesByBytes(_ other: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b -> Bool in
                let common = Swift.min(a.count, b.count)
                if common > 0, let x = a.baseAddress, let y = b.baseAddress {
                    let order = memcmp(x, y, common)
                    if order != 0 { return order < 0 }
                }
                return a.count < b.count
            }
        }
        if let compared, let compared { return compared }
        return utf8.lexicographicallyPrecedes(other.utf8)  // A string without contiguous UTF-8 (bridged).
    }
}
