/// A field's value sent to the editing API as JSON, checked against what the
/// field holds before it becomes the text `sitegen edit --set KEY=VALUE` takes:
/// a flag only as JSON `true` or `false` (not `"yes"`), a list only as a JSON
/// array, text only as a string. A number field also takes digits in a string,
/// as its front matter does. A value of the wrong type is refused (422), never
/// turned into something else.
enum APIFieldValue {
    /// The text for `--set key=…`, or the refusal naming what `key` takes.
    static func text(_ value: JSONValue, key: String, holds kind: FieldValueKind) throws(APIRefusal) -> String {
        switch (kind, value) {
        case (.text, .string(let text)): return text
        case (.flag, .bool(let flag)): return flag ? "true" : "false"
        case (.wholeNumber, .string(let text)): return text
        case (.wholeNumber, .number(let number)): return number.wholeText
        case (.textList, .array(let items)):
            let texts = items.compactMap(\.text)
            guard texts.count == items.count else { throw refusal(key, kind, value) }
            return YAMLScalarWriter.flowList(texts)
        case (.wholeNumberList, .array(let items)):
            let numbers = items.compactMap { item -> String? in
                if case .number(let number) = item { return number.wholeText }
                return nil
            }
            guard numbers.count == items.count else { throw refusal(key, kind, value) }
            return "[" + numbers.joined(separator: ", ") + "]"
        default: throw refusal(key, kind, value)
        }
    }

    /// The text for `--set key=…` of a field a collection's schema types, or the refusal naming the JSON
    /// it takes: a number for `integer` and `number`, `true`/`false` for `boolean`, an array of strings
    /// for `list`, a string for every other type. The value itself is then checked by the schema.
    static func text(_ value: JSONValue, key: String, for spec: FieldSpec) throws(APIRefusal) -> String {
        switch (spec.type, value) {
        case (.integer, .number(let number)), (.number, .number(let number)): return number.wholeText
        case (.boolean, .bool(let flag)): return flag ? "true" : "false"
        case (.list, .array(let items)):
            let texts = items.compactMap(\.text)
            if texts.count == items.count { return YAMLScalarWriter.flowList(texts) }
        case (.text, .string(let text)), (.markdown, .string(let text)), (.date, .string(let text)),
            (.url, .string(let text)), (.image, .string(let text)), (.choice, .string(let text)):
            return text
        default: break
        }
        let wanted =
            switch spec.type {
            case .integer: "a whole number (a JSON number)"
            case .number: "a number (a JSON number)"
            case .boolean: "true or false (JSON true or false)"
            case .list: "a list of texts (a JSON array of strings)"
            default: "\(spec.expected) (a JSON string)"
            }
        throw APIRefusal(
            422,
            "\(key) must be \(wanted), got \(value.described)\(value == .null ? "; use unset to remove a field" : "")")
    }

    private static func refusal(_ key: String, _ kind: FieldValueKind, _ value: JSONValue) -> APIRefusal {
        let wanted =
            switch kind {
            case .text: "text (a JSON string)"
            case .flag: "true or false (JSON true or false)"
            case .wholeNumber: "a whole number (a JSON number, or digits in a string)"
            case .textList: "a list of texts (a JSON array of strings)"
            case .wholeNumberList: "a list of whole numbers (a JSON array of numbers)"
            }
        return APIRefusal(
            422,
            "\(key) must be \(wanted), got \(value.described)\(value == .null ? "; use unset to remove a field" : "")")
    }
}

extension JSONValue {
    /// How a value is named in a refusal: `"yes"`, `3`, `true`, or its kind.
    var described: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.wholeText
        case .string(let text): return text.debugDescription
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension Double {
    /// The number as it is written: without a fraction when it has none.
    fileprivate var wholeText: String {
        if let whole = Int64(exactly: self) { return String(whole) }
        return String(self)
    }
}
