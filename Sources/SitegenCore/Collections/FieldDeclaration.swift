/// Reads one field's declaration: `venue: text` or `seats: {type: integer, min: 0, …}`,
/// each attribute checked against the type it qualifies.
enum FieldDeclaration {
    /// The attributes a field's mapping may hold.
    private static let attributeNames: Set<String> = [
        "type", "required", "immutable", "default", "min", "max", "of", "taxonomy", "label",
    ]

    /// The field, or `nil` (with errors) when its type cannot be told.
    static func read(_ name: String, _ node: YAMLNode, _ fields: inout FieldReader) -> FieldSpec? {
        if node.scalarText != nil { return type(of: name, node, &fields).map { FieldSpec(name, $0) } }
        guard let pairs = node.pairs else {
            fields.report(
                "field \(name) must be a type (like text) or a mapping like {type: integer, min: 0}, "
                    + "found \(node.kindName)", at: node)
            return nil
        }
        fields.reportUnknownSettings(
            in: pairs, of: "field \(name)", known: attributeNames,
            listed: attributeNames.sorted().joined(separator: ", "))
        guard let typeNode = node["type"] else {
            fields.report("field \(name) needs a type: one of \(FieldType.namesText)", at: node)
            return nil
        }
        guard let type = type(of: name, typeNode, &fields) else { return nil }
        var spec = FieldSpec(name, type)
        spec.isRequired = flag("required", of: name, node, &fields)
        spec.isImmutable = flag("immutable", of: name, node, &fields)
        spec.isTaxonomy = flag("taxonomy", of: name, node, &fields)
        if spec.isTaxonomy, type != .list, let taxonomyNode = node["taxonomy"] {
            fields.report("taxonomy applies to list fields, and \(name) is \(type.rawValue)", at: taxonomyNode)
        }
        spec.minimum = bound("min", of: spec, node, &fields)
        spec.maximum = bound("max", of: spec, node, &fields)
        if let minimum = spec.minimum, let maximum = spec.maximum, minimum > maximum, let maxNode = node["max"] {
            fields.report(
                "max of \(name) is less than its min (\(FieldValue.numberText(minimum)))", at: maxNode)
        }
        readChoices(into: &spec, node, &fields)
        spec.declaredLabel = label(of: name, node, &fields)
        if let defaultNode = node["default"], defaultNode.scalarValue != .null {
            switch spec.read(defaultNode) {
            case .success(let value): spec.defaultValue = value
            case .failure(let problem):
                fields.report(
                    "default of \(name) does not fit: \(problem.message)", at: problem.mark ?? defaultNode.start)
            }
        }
        return spec
    }

    /// `label:`, the words a page or form shows for the field: text, not blank.
    private static func label(of name: String, _ node: YAMLNode, _ fields: inout FieldReader) -> String? {
        guard let labelNode = node["label"], labelNode.scalarValue != .null else { return nil }
        guard let text = labelNode.scalarText, !text.allSatisfy(\.isWhitespace) else {
            fields.report(
                "label of \(name) must be text, like label: Starts, found \(labelNode.kindName)", at: labelNode)
            return nil
        }
        return text
    }

    /// The type a node names, or `nil` with an error (and a "did you mean") when it names none.
    private static func type(of name: String, _ node: YAMLNode, _ fields: inout FieldReader) -> FieldType? {
        if let text = node.scalarText, let type = FieldType(rawValue: text) { return type }
        let names = Set(FieldType.allCases.map(\.rawValue))
        let hint =
            node.scalarText.flatMap { FieldReader.nearMiss(of: $0, among: names) }
            .map { "; did you mean \"\($0)\"?" } ?? ""
        fields.report(
            "unknown type \(FieldReader.quoted(node)) for field \(name)\(hint) (the types are \(FieldType.namesText))",
            at: node)
        return nil
    }

    /// `required`, `immutable` or `taxonomy`: true or false, false when absent.
    private static func flag(_ key: String, of name: String, _ node: YAMLNode, _ fields: inout FieldReader) -> Bool {
        guard let value = node[key], value.scalarValue != .null else { return false }
        guard case .bool(let flag) = value.scalarValue else {
            fields.report("\(key) of \(name) must be true or false, got \(FieldReader.quoted(value))", at: value)
            return false
        }
        return flag
    }

    /// `min` or `max`: only on numbers; a whole number on an integer field.
    private static func bound(_ key: String, of spec: FieldSpec, _ node: YAMLNode, _ fields: inout FieldReader)
        -> Double?
    {
        guard let value = node[key], value.scalarValue != .null else { return nil }
        guard spec.type.isNumeric else {
            fields.report(
                "\(key) applies to integer and number fields, and \(spec.name) is \(spec.type.rawValue)", at: value)
            return nil
        }
        switch (spec.type, value.scalarValue) {
        case (.integer, .int(let whole)?), (.number, .int(let whole)?): return Double(whole)
        case (.number, .double(let number)?) where number.isFinite: return number
        default:
            let what = spec.type == .integer ? "a whole number" : "a number"
            fields.report("\(key) of \(spec.name) must be \(what), got \(FieldReader.quoted(value))", at: value)
            return nil
        }
    }

    /// `of: [draft, review, done]`: a choice's texts, required on a choice and only there.
    private static func readChoices(into spec: inout FieldSpec, _ node: YAMLNode, _ fields: inout FieldReader) {
        guard let ofNode = node["of"], ofNode.scalarValue != .null else {
            if spec.type == .choice {
                fields.report(
                    "field \(spec.name) is a choice and needs of: its choices, like of: [draft, review, done]",
                    at: node)
            }
            return
        }
        guard spec.type == .choice else {
            fields.report("of applies to choice fields, and \(spec.name) is \(spec.type.rawValue)", at: ofNode)
            return
        }
        guard case .sequence(let items, _) = ofNode.content, !items.isEmpty else {
            fields.report(
                "of of \(spec.name) must be a list of its choices, like [draft, review, done], got "
                    + FieldReader.quoted(ofNode), at: ofNode)
            return
        }
        for item in items {
            guard let text = item.scalarText, !text.isEmpty else {
                fields.report("each choice of \(spec.name) must be text, found \(item.kindName)", at: item)
                continue
            }
            if spec.choices.contains(text) {
                fields.report("\(spec.name) names the choice \"\(text)\" twice", at: item)
            } else {
                spec.choices.append(text)
            }
        }
    }
}

extension FieldReader {
    /// Reports each key of `pairs` that is not among `known`: "`subject` has no setting KEY (`listed`)",
    /// with the closest known one when a key looks like a misspelling of it.
    mutating func reportUnknownSettings(in pairs: [YAMLPair], of subject: String, known: Set<String>, listed: String) {
        for pair in pairs {
            guard let key = pair.key.scalarText, !known.contains(key) else { continue }
            let hint = FieldReader.nearMiss(of: key, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            report("\(subject) has no setting \(FieldReader.quoted(pair.key)) (\(listed))\(hint)", at: pair.key)
        }
    }
}
