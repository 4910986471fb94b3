/// A value that templates can show: the data a page is rendered with.
public enum TemplateValue: Sendable {
    /// No value; falsey and shown as nothing.
    case null
    /// A flag; `false` is falsey.
    case bool(Bool)
    /// A whole number, shown like `33000`.
    case int(Int)
    /// A decimal number, shown in its shortest exact form (`1.21`, `33000`).
    case double(Double)
    /// Text; the empty string is falsey.
    case string(String)
    /// A list that sections iterate; the empty list is falsey.
    case list([TemplateValue])
    /// Named values that sections push onto the context stack.
    case object([TemplateKey: TemplateValue])
    /// A value computed when first read (see `LazyValue`).
    case lazy(LazyValue)

    /// The value itself, a lazy value computed.
    public var resolved: TemplateValue {
        if case .lazy(let lazy) = self { return lazy.value.resolved }
        return self
    }

    /// Whether a section shows its content for this value: everything but
    /// `null`, `false`, the empty list and the empty string.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .string(let text): return !text.isEmpty
        case .list(let items): return !items.isEmpty
        case .int, .double, .object: return true
        case .lazy(let lazy): return lazy.value.isTruthy
        }
    }

    /// The named values when this is an object, else `nil`.
    public var objectValue: [TemplateKey: TemplateValue]? {
        if case .object(let fields) = resolved { return fields }
        return nil
    }

    /// The text when this is a string, else `nil`.
    public var stringValue: String? {
        if case .string(let text) = resolved { return text }
        return nil
    }

    /// The items when this is a list, else `nil`.
    public var listValue: [TemplateValue]? {
        if case .list(let items) = resolved { return items }
        return nil
    }

    /// The value under `key` when this is an object, else `nil`.
    public subscript(key: TemplateKey) -> TemplateValue? {
        objectValue?[key]
    }

    /// The text a variable tag shows for this value, before HTML escaping:
    /// numbers in their shortest form, `true`/`false`, nothing for `null`,
    /// lists and objects.
    public var interpolatedText: String {
        switch self {
        case .null, .list, .object: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return Self.text(for: number)
        case .string(let text): return text
        case .lazy(let lazy): return lazy.value.interpolatedText
        }
    }

    /// Shortest round-trip form, without a trailing `.0` for whole numbers.
    private static func text(for number: Double) -> String {
        if number.isFinite, number.rounded(.towardZero) == number, abs(number) < 1e15 {
            return String(Int64(number))
        }
        return number.description
    }
}

extension TemplateValue: Equatable {
    /// Values are equal when they show the same; lazy values with the same key
    /// and identity are equal without being computed.
    public static func == (a: TemplateValue, b: TemplateValue) -> Bool {
        switch (a, b) {
        case (.lazy(let x), .lazy(let y))
        where x === y || (x.identity == y.identity && x.kind == y.kind && x.name == y.name): return true
        case (.lazy, _), (_, .lazy): return a.resolved == b.resolved
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.list(let x), .list(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        default: return false
        }
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    /// `true` is `.bool(true)`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    /// `3` is `.int(3)`.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    /// `1.5` is `.double(1.5)`.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByStringLiteral {
    /// `"hi"` is `.string("hi")`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    /// `[1, 2]` is `.list([.int(1), .int(2)])`.
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// `["a": 1]` is `.object(["a": .int(1)])`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (TemplateKey, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
