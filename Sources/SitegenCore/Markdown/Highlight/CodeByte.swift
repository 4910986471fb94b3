/// The byte classes the highlighters share. Every byte of a multi-byte UTF-8
/// character counts as a letter, so a name in any script stays one word and a
/// run of letters never ends inside a character.
enum CodeByte {
    static func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isHexDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// ASCII letters, `_` and any byte of a non-ASCII character.
    static func isLetter(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= 0x80 || byte == UInt8(ascii: "_")
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// An ASCII letter or `_`: what a name starts with where names are ASCII (shell parameters).
    static func isASCIILetter(_ byte: UInt8?) -> Bool {
        guard let byte, byte < 0x80 else { return false }
        return isLetter(byte)
    }

    /// An ASCII letter, digit or `_`.
    static func isASCIIWordByte(_ byte: UInt8?) -> Bool {
        isASCIILetter(byte) || isDigit(byte)
    }

    /// A letter or a digit: what a name continues with.
    static func isWordByte(_ byte: UInt8?) -> Bool {
        isLetter(byte) || isDigit(byte)
    }

    static func isUppercase(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// Space, tab, carriage return, form feed and vertical tab: blanks within a line.
    static func isBlank(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == 0x0C || byte == 0x0B
    }

    /// A blank or a line feed.
    static func isWhitespace(_ byte: UInt8?) -> Bool {
        isBlank(byte) || byte == UInt8(ascii: "\n")
    }

    /// A blank, a line feed or the end of the input (nil): what ends an indicator such as YAML's `- `.
    static func isWhitespaceOrEnd(_ byte: UInt8?) -> Bool {
        byte == nil || isWhitespace(byte)
    }
}
