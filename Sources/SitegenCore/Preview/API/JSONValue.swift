import Foundation

/// Any JSON value, as the editing API reads and writes it (through Foundation's
/// JSON coders: nothing here parses JSON text).
enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number):
            if let whole = Int64(exactly: number) { try container.encode(whole) } else { try container.encode(number) }
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let members): try container.encode(members)
        }
    }

    /// Reads a request body; `nil` when it is not JSON.
    static func parse(_ bytes: [UInt8]) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) }

    /// The value as compact JSON, keys sorted.
    var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { Array($0) } ?? Array("null".utf8)
    }

    /// A template value (a front matter field as `build` reads it) as JSON.
    init(_ value: TemplateValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .number(Double(number))
        case .double(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .list(let items): self = .array(items.map(JSONValue.init))
        case .object(let members):
            self = .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key.text, JSONValue($0.value)) }))
        case .lazy(let lazy): self = JSONValue(lazy.value)
        }
    }

    /// The members of an object.
    var members: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The text of a string.
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A whole number (written as a number or as digits in a string).
    var wholeNumber: Int64? {
        switch self {
        case .number(let number): return Int64(exactly: number)
        case .string(let text): return Int64(text)
        default: return nil
        }
    }
}
