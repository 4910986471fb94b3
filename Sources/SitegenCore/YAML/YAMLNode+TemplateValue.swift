extension YAMLNode {
    /// The node as a template value: mappings become objects, sequences lists,
    /// scalars numbers, booleans, null or text by YAML's core rules.
    package var templateValue: TemplateValue {
        switch content {
        case .sequence(let items, _): return .list(items.map(\.templateValue))
        case .mapping(let pairs, _):
            var object: [TemplateKey: TemplateValue] = [:]
            for pair in pairs {
                let key = TemplateKey(pair.key.scalarText ?? "")
                if object[key] == nil { object[key] = pair.value.templateValue }
            }
            return .object(object)
        case .scalar: return (scalarValue ?? .null).templateValue
        }
    }
}
