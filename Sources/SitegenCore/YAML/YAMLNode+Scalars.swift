/// What a scalar means once its style and text are taken into account.
package enum YAMLScalarValue: Sendable, Equatable {
    /// `~`, `null` or nothing.
    case null
    /// `true` / `false` (YAML 1.2: `yes` and `no` stay text).
    case bool(Bool)
    /// A whole number that fits 64 bits.
    case int(Int)
    /// A number with a fraction or exponent, or `.inf` / `.nan`.
    case double(Double)
    /// Anything else, and every quoted or block scalar.
    case string(String)
}

extension YAMLNode {
    /// The scalar's meaning under YAML 1.2's core schema; `nil` for lists and mappings.
    package var scalarValue: YAMLScalarValue? {
        guard case .scalar(let text, let style) = content else { return nil }
        if style != .plain || tag == "tag:yaml.org,2002:str" { return .string(text) }
        return YAMLScalarValue(plain: text)
    }
}

extension YAMLScalarValue {
    /// Resolves a plain (unquoted) scalar.
    init(plain text: String) {
        switch text {
        case "", "~", "null", "Null", "NULL": self = .null
        case "true", "True", "TRUE": self = .bool(true)
        case "false", "False", "FALSE": self = .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": self = .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": self = .double(-.infinity)
        case ".nan", ".NaN", ".NAN": self = .double(.nan)
        default:
            if Self.looksLikeInteger(text), let value = Int(text) {
                self = .int(value)
            } else if Self.looksLikeDecimal(text), let value = Double(text) {
                self = .double(value)
            } else {
                self = .string(text)
            }
        }
    }

    private static func looksLikeInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if let first = digits.first, first == "-" || first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func looksLikeDecimal(_ text: String) -> Bool {
        // Digits, at most one dot, optional exponent; at least one digit.
        var sawDigit = false
        var sawDot = false
        var index = text.startIndex
        if index < text.endIndex, text[index] == "-" || text[index] == "+" { index = text.index(after: index) }
        while index < text.endIndex {
            let character = text[index]
            if character.isASCII && character.isNumber {
                sawDigit = true
            } else if character == "." && !sawDot {
                sawDot = true
            } else if character == "e" || character == "E" {
                let exponent = text[text.index(after: index)...].drop { $0 == "-" || $0 == "+" }
                return sawDigit && !exponent.isEmpty && exponent.allSatisfy { $0.isASCII && $0.isNumber }
            } else {
                return false
            }
            index = text.index(after: index)
        }
        return sawDigit
    }
}
