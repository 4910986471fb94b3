/// One change to a file's bytes: the range it replaces and what goes there.
/// An empty range inserts; an empty replacement deletes.
package struct BytePatch: Sendable, Hashable {
    /// The bytes replaced, as offsets into the whole file.
    package var range: Range<Int>
    /// What replaces them.
    package var replacement: [UInt8]

    /// A patch replacing `range` with `replacement`.
    package init(_ range: Range<Int>, _ replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    /// A patch replacing `range` with the text's UTF-8.
    package init(_ range: Range<Int>, _ text: String) {
        self.init(range, Array(text.utf8))
    }
}

extension Array where Element == BytePatch {
    /// The bytes with every patch applied, or `nil` when two patches overlap or
    /// one reaches past the end. Insertions at the same place keep their order;
    /// an insertion goes before a replacement that starts where it is.
    package func applied(to bytes: [UInt8]) -> [UInt8]? {
        let ordered = enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }.map(\.element)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + reduce(0) { $0 + $1.replacement.count })
        var copied = 0
        for patch in ordered {
            guard patch.range.lowerBound >= copied, patch.range.upperBound <= bytes.count else { return nil }
            result += bytes[copied..<patch.range.lowerBound]
            result += patch.replacement
            copied = patch.range.upperBound
        }
        result += bytes[copied...]
        return result
    }
}
