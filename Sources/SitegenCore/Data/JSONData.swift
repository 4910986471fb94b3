import Foundation

/// Reads a JSON data file into a template value with Foundation's JSON parser:
/// objects become maps, arrays lists, numbers, booleans and null themselves.
enum JSONData {
    /// The value `bytes` hold (UTF-8, a leading byte order mark dropped), or where and why they are not JSON.
    static func value(of bytes: [UInt8]) throws(TextProblem) -> TemplateValue {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        try TextValidation.check(text)
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(text), options: [.fragmentsAllowed])
        } catch {
            throw problem(error as NSError, in: text)
        }
        return value(of: parsed)
    }

    /// Foundation's error at its place. On Linux it names a byte offset ("around character 18");
    /// the newer Foundation of Apple's systems a line and column ("around line 3, column 7");
    /// neither for an unexpected end, said at the end of the text.
    private static func problem(_ error: NSError, in text: [UInt8]) -> TextProblem {
        var message = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        var (line, column) = TextOffset.location(of: text.count, in: text)
        func number(after marker: String) -> (Int, Range<String.Index>)? {
            guard let range = message.range(of: marker) else { return nil }
            let digits = message[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            return Int(digits).map { ($0, range) }
        }
        if let (offset, range) = number(after: " around character ") {
            (line, column) = TextOffset.location(of: offset, in: text)
            message = String(message[..<range.lowerBound])
        } else if let (foundLine, range) = number(after: " around line "),
            let (foundColumn, _) = number(after: ", column ")
        {
            (line, column) = (foundLine, foundColumn)
            message = String(message[..<range.lowerBound])
        }
        if message.hasSuffix(".") { message.removeLast() }
        if let first = message.first { message = first.lowercased() + message.dropFirst() }
        return TextProblem(line: line, column: column, "invalid JSON: \(message)")
    }

    private static func value(of parsed: Any) -> TemplateValue {
        switch parsed {
        case let text as String: return .string(text)
        case let list as [Any]: return .list(list.map(value(of:)))
        case let object as [String: Any]:
            var fields: [TemplateKey: TemplateValue] = [:]
            fields.reserveCapacity(object.count)
            for (key, member) in object { fields[TemplateKey(key)] = value(of: member) }
            return .object(fields)
        case let number as NSNumber:
            // Foundation makes `true` and `false` numbers of type `c` (a C char) and nothing else so.
            switch String(cString: number.objCType) {
            case "c": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return Int(exactly: number).map(TemplateValue.int) ?? .double(number.doubleValue)
            }
        default: return .null
        }
    }
}
