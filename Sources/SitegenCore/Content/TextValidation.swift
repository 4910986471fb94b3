/// Checks that a file's bytes are text sitegen can read: valid UTF-8 with no NUL bytes.
public enum TextValidation {
    /// Throws the line and column of the first byte that is not valid UTF-8 or is NUL.
    public static func check(_ bytes: [UInt8]) throws(TextProblem) {
        _ = try text(of: bytes)
    }

    /// The bytes as a string, validated once; throws where they are not valid UTF-8 or hold a NUL.
    public static func text(of bytes: [UInt8]) throws(TextProblem) -> String {
        // Fast path: the standard library's validation and memchr-speed NUL search.
        if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) { return text }
        try locateProblem(in: bytes)
        return String(decoding: bytes, as: UTF8.self)
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
                    "file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) here); save it as UTF-8")
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
