/// Field values as the source cache stores them: one text per value, `name`, U+001E, then a
/// letter naming the type and what the value holds; read back into the same values.
extension FieldValue {
    /// The texts of `values`, sorted by name.
    static func stored(_ values: [String: FieldValue]) -> [String] {
        values.keys.sorted().map { $0 + "\u{1E}" + values[$0]!.storedText }
    }

    /// The values `stored(_:)` wrote; `nil` for texts it did not write.
    static func values(stored fields: some Sequence<String>) -> [String: FieldValue]? {
        var values: [String: FieldValue] = [:]
        for field in fields {
            guard let separator = field.firstIndex(of: "\u{1E}"),
                let value = FieldValue(storedText: field[field.index(after: separator)...])
            else { return nil }
            values[String(field[..<separator])] = value
        }
        return values
    }

    private var storedText: String {
        switch self {
        case .text(let text): return "t" + text
        case .markdown(let text): return "m" + text
        case .integer(let number): return "i" + String(number)
        case .number(let number): return "n" + String(number.bitPattern)
        case .boolean(let flag): return flag ? "b1" : "b0"
        case .date(let date):
            return "d\(date.wallClock) \(date.hasTime ? 1 : 0) " + (date.hasWrittenOffset ? String(date.offset) : "-")
        // Each item as its length in UTF-8 bytes, `:`, then the item: an item may hold any character.
        case .list(let texts): return "l" + texts.map { String($0.utf8.count) + ":" + $0 }.joined()
        case .url(let text): return "u" + text
        case .image(let image): return "g\(image.line) \(image.column) " + image.source
        case .choice(let text): return "c" + text
        }
    }

    private init?(storedText stored: Substring) {
        guard let code = stored.first else { return nil }
        let rest = stored.dropFirst()
        switch code {
        case "t": self = .text(String(rest))
        case "m": self = .markdown(String(rest))
        case "i":
            guard let number = Int(rest) else { return nil }
            self = .integer(number)
        case "n":
            guard let bits = UInt64(rest) else { return nil }
            self = .number(Double(bitPattern: bits))
        case "b": self = .boolean(rest == "1")
        case "d":
            let parts = rest.split(separator: " ")
            guard parts.count == 3, let wallClock = Int64(parts[0]) else { return nil }
            let offset = Int(parts[2])
            guard offset != nil || parts[2] == "-" else { return nil }
            self = .date(
                ContentDate(
                    wallClock: wallClock, offset: offset ?? 0, hasWrittenOffset: offset != nil,
                    hasTime: parts[1] == "1"))
        case "l":
            guard let texts = Self.storedList(rest.utf8) else { return nil }
            self = .list(texts)
        case "u": self = .url(String(rest))
        case "g":
            let parts = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
            self = .image(ImageReference(source: String(parts[2]), line: line, column: column))
        case "c": self = .choice(String(rest))
        default: return nil
        }
    }

    /// The items of a stored list: each its length in UTF-8 bytes, `:`, then the item.
    private static func storedList(_ bytes: Substring.UTF8View) -> [String]? {
        var texts: [String] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            guard let colon = rest.firstIndex(of: UInt8(ascii: ":")),
                let length = Int(String(decoding: rest[..<colon], as: UTF8.self)), length >= 0,
                let end = rest.index(colon, offsetBy: length + 1, limitedBy: rest.endIndex)
            else { return nil }
            texts.append(String(decoding: rest[rest.index(after: colon)..<end], as: UTF8.self))
            rest = rest[end...]
        }
        return texts
    }
}
