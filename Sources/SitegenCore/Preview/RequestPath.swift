/// A request's path, checked and decoded: a list of names that can only lead
/// down from the preview folder. Anything that could lead elsewhere, or that
/// decodes differently in different places, is refused before any file is
/// looked at: `.` and `..` (as sent or percent-encoded), an encoded `/`,
/// backslashes, control characters and NUL, empty names (`//`), bytes that are
/// not UTF-8.
struct RequestPath: Equatable, Sendable {
    /// The decoded names, in order; empty for `/`.
    var names: [String]
    /// Whether the path ends with `/` (a folder's address).
    var isFolder: Bool

    /// Why a path is refused.
    struct Refusal: Error, Equatable {
        var reason: String
    }

    /// Checks and decodes a path exactly as sent (percent-encoding kept, no query).
    static func parse(_ raw: String) throws(Refusal) -> RequestPath {
        let bytes = Array(raw.utf8)
        guard bytes.first == UInt8(ascii: "/") else { throw Refusal(reason: "the path must start with /") }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else {
            throw Refusal(
                reason: "the path holds a byte that a URL path cannot (a space, a control character, a backslash)")
        }
        var parts = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let isFolder = parts.last?.isEmpty ?? true
        if isFolder { parts.removeLast() }
        var names: [String] = []
        for part in parts {
            guard !part.isEmpty else { throw Refusal(reason: "the path has an empty name (//)") }
            let decoded = try decode(part)
            guard decoded != "." && decoded != ".." else {
                throw Refusal(reason: "the path leads out of its folder (. or ..)")
            }
            names.append(decoded)
        }
        return RequestPath(names: names, isFolder: isFolder)
    }

    /// The path relative to the preview folder, names joined with `/`.
    var relative: String { names.joined(separator: "/") }

    /// One name, percent-decoded; what it decodes to must be a name too.
    private static func decode(_ part: ArraySlice<UInt8>) throws(Refusal) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(part.count)
        var index = part.startIndex
        while index < part.endIndex {
            let byte = part[index]
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 2 < part.endIndex,
                let high = hexValue(part[index + 1]), let low = hexValue(part[index + 2])
            else { throw Refusal(reason: "the path has a % not followed by two hexadecimal digits") }
            let value = high << 4 | low
            guard value >= 0x20 && value != 0x7F else {
                throw Refusal(reason: "the path encodes a control character or NUL")
            }
            guard value != UInt8(ascii: "/") && value != UInt8(ascii: "\\") else {
                throw Refusal(reason: "the path encodes a folder separator (%2F or %5C)")
            }
            decoded.append(value)
            index += 3
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw Refusal(reason: "the path's percent-encoded bytes are not UTF-8")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
