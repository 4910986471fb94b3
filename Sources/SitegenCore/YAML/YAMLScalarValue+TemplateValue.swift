extension YAMLScalarValue {
    /// The value as templates see it.
    var templateValue: TemplateValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let value): return .string(value)
        }
    }
}
