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

    /// Foundation's error at its place: it names a byte offset ("around character 18") or
    /// none (an unexpected end, said at the end of the text).
    private static func problem(_ error: NSError, in text: [UInt8]) -> TextProblem {
        var message = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        var offset = text.count
        if let range = message.range(of: " around character ") {
            let number = message[range.upperBound...].prefix { $0.isNumber }
            if let found = Int(number) { offset = found }
            message = String(message[..<range.lowerBound])
        }
        if message.hasSuffix(".") { message.removeLast() }
        if let first = message.first { message = first.lowercased() + message.dropFirst() }
        let (line, column) = TextOffset.location(of: offset, in: text)
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
