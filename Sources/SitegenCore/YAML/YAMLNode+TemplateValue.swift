extension YAMLNode {
    /// The node as a template value: mappings become objects, sequences lists,
    /// scalars numbers, booleans, null or text by YAML's core rules.
    public var templateValue: TemplateValue {
        switch content {
        case .sequence(let items, _): return .list(items.map(\.templateValue))
        case .mapping(let pairs, _):
            var object: [String: TemplateValue] = [:]
            for pair in pairs where object[pair.key.scalarText ?? ""] == nil {
                object[pair.key.scalarText ?? ""] = pair.value.templateValue
            }
            return .object(object)
        case .scalar:
            switch scalarValue ?? .null {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value): return .int(value)
            case .double(let value): return .double(value)
            case .string(let value): return .string(value)
            }
        }
    }
}
