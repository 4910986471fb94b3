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
        withBorrowedUTF8 { a in
            other.withBorrowedUTF8 { b -> Bool in
                let common = Swift.min(a.count, b.count)
                if common > 0, let x = a.baseAddress, let y = b.baseAddress {
                    let order = memcmp(x, y, common)
                    if order != 0 { return order < 0 }
                }
                return a.count < b.count
            }
        }
    }

    /// Whether this text's UTF-8 ends with `suffix`'s. For an ASCII suffix (`.html`, `/index.md`)
    /// the same answer as `hasSuffix`, without its grapheme breaking: a page's kind and a content
    /// file's are asked of tens of thousands of paths on every build.
    func endsWithBytes(_ suffix: StaticString) -> Bool {
        let tail = UnsafeRawBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        return withBorrowedUTF8 { bytes -> Bool in
            guard bytes.count >= tail.count else { return false }
            return tail.isEmpty
                || memcmp(bytes.baseAddress! + (bytes.count - tail.count), tail.baseAddress!, tail.count) == 0
        }
    }
}

extension Array {
    /// Sorts the elements by the UTF-8 bytes of `text` of each (`precedesByBytes`), equal texts
    /// staying in their order. Every text's bytes are copied into one buffer once and compared
    /// there with `memcmp`: sorting ten thousand paths with `precedesByBytes` cost a few times
    /// as much, most of it in reaching each string's bytes again at every comparison.
    mutating func sortByBytes(of text: (Element) -> String) {
        guard count > 1 else { return }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(count * 48)
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(count)
        for element in self {
            text(element).withBorrowedUTF8 { bytes in
                spans.append((buffer.count, bytes.count))
                buffer.append(contentsOf: bytes)
            }
        }
        var order = [Int](indices)
        buffer.withUnsafeBufferPointer { bytes in
            spans.withUnsafeBufferPointer { spans in
                order.sort { a, b in
                    let (x, y) = (spans[a], spans[b])
                    let common = Swift.min(x.count, y.count)
                    if common > 0, let base = bytes.baseAddress {
                        let compared = memcmp(base + x.start, base + y.start, common)
                        if compared != 0 { return compared < 0 }
                    }
                    return x.count < y.count || (x.count == y.count && a < b)
                }
            }
        }
        self = order.map { self[$0] }
    }
}
