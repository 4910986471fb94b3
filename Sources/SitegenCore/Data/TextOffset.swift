/// A byte offset in UTF-8 text as a 1-based line and column (in characters), as messages name places.
enum TextOffset {
    /// The line and column of the byte at `offset` of `bytes` (the end of the text for an offset past it).
    static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // A character starts at every byte that is not a UTF-8 continuation byte.
        let column = 1 + bytes[lineStart..<end].count { $0 & 0xC0 != 0x80 }
        return (line, column)
    }
}
