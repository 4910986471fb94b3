/// Checks that a file's bytes are text sitegen can read: valid UTF-8 with no NUL bytes.
package enum TextValidation {
    /// Throws the line and column of the first byte that is not valid UTF-8 or is NUL.
    package static func check(_ bytes: [UInt8]) throws(TextProblem) {
        _ = try text(of: bytes)
    }

    /// The bytes as a string, validated once; throws where they are not valid UTF-8 or hold a NUL.
    package static func text(of bytes: [UInt8]) throws(TextProblem) -> String {
        // Fast path: the standard library's validation and memchr-speed NUL search.
        if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) { return text }
        // UTF-16 would otherwise be reported as a NUL byte or as a byte that is not UTF-8, which says nothing useful.
        if utf16Text(of: bytes) != nil { throw TextProblem(line: 1, column: 1, utf16Problem) }
        try locateProblem(in: bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What is wrong with a file in UTF-16.
    static let utf16Problem = "file is UTF-16; sitegen reads UTF-8 (save it as UTF-8)"

    /// The text of bytes that are UTF-16 rather than UTF-8, without its byte
    /// order mark, else `nil`. UTF-16 shows as a byte order mark (`FF FE` or
    /// `FE FF`), or, without one, as every other byte zero: text that starts
    /// in ASCII (`---`, a heading) has a zero high byte in most code units,
    /// and UTF-8 text has no zero bytes at all.
    static func utf16Text(of bytes: [UInt8]) -> String? {
        guard bytes.count >= 2 else { return nil }
        let littleEndian: Bool
        var start = bytes.startIndex
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            littleEndian = bytes[start] == 0xFF
            start += 2
        } else {
            let units = min(bytes.count, 64) / 2
            let evenZeros = (0..<units).filter { bytes[2 * $0] == 0 }.count
            let oddZeros = (0..<units).filter { bytes[2 * $0 + 1] == 0 }.count
            // The first character is ASCII, most of the sample is, and the other bytes are mostly not zero.
            if bytes[0] != 0 && bytes[1] == 0 && oddZeros * 2 > units && evenZeros * 4 <= oddZeros {
                littleEndian = true
            } else if bytes[0] == 0 && bytes[1] != 0 && evenZeros * 2 > units && oddZeros * 4 <= evenZeros {
                littleEndian = false
            } else {
                return nil
            }
        }
        let units = stride(from: start, to: bytes.endIndex - 1, by: 2).map { index in
            littleEndian
                ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Walks the text scalar by scalar to say where the first problem is.
    private static func locateProblem(in bytes: [UInt8]) throws(TextProblem) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        var consumed = bytes.startIndex
        while true {
            switch decoder.decode(&iterator) {
            case .emptyInput:
                return
            case .error:
                let byte = bytes[consumed]
                throw TextProblem(
                    line: line, column: column,
                    "file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) here); save it as UTF-8"
                )
            case .scalarValue(let scalar):
                if scalar == "\0" {
                    throw TextProblem(line: line, column: column, "file contains a NUL byte; is it a binary file?")
                }
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                consumed = bytes.index(consumed, offsetBy: UTF8.width(scalar))
            }
        }
    }
}
