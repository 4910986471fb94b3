/// `sitegen edit --set/--unset/--body`: new values for top-level fields,
/// fields to remove, and optionally a new body.
public struct EditRequest: ContentChange, Sendable {
    /// One `--set KEY=VALUE`.
    public struct Assignment: Sendable, Hashable {
        /// The field's name.
        public var key: String
        /// The new value, as text; written as YAML by `YAMLScalarWriter`.
        public var value: String

        /// An assignment of `value` to `key`.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Fields to set, in the order given.
    public var assignments: [Assignment]
    /// Fields to remove.
    public var removals: [String]
    /// The new body's bytes, or `nil` to keep the body.
    public var body: [UInt8]?

    /// A request; empty by default.
    public init(assignments: [Assignment] = [], removals: [String] = [], body: [UInt8]? = nil) {
        self.assignments = assignments
        self.removals = removals
        self.body = body
    }

    /// Whether the request changes nothing (then `sitegen edit` opens an editor instead).
    public var isEmpty: Bool { assignments.isEmpty && removals.isEmpty && body == nil }

    public func plan(for document: ContentDocument, kind: ContentKind) throws(EditFailure) -> EditPlan {
        let problems = FieldEditRules.problems(with: self, in: document, kind: kind)
        if !problems.isEmpty { throw .refused(problems) }
        var plan = EditPlan(patches: [], body: body)
        if !assignments.isEmpty || !removals.isEmpty {
            let patcher = try FrontMatterPatcher(document)
            var newFields: [(key: String, yaml: String)] = []
            for assignment in assignments {
                let kindOfValue = kind.model.valueKinds[assignment.key] ?? .text
                let (yaml, readsAs) = YAMLScalarWriter.value(assignment.value, as: kindOfValue)
                plan.fields[assignment.key] = .reads(readsAs.templateValue)
                if let pair = patcher.firstPair(assignment.key) {
                    plan.patches.append(try patcher.replaceValue(of: pair, with: yaml))
                } else {
                    newFields.append((assignment.key, yaml))
                }
            }
            if !newFields.isEmpty { plan.patches.append(patcher.addFields(newFields)) }
            for key in removals {
                plan.fields[key] = .absent
                let pairs = patcher.pairs(key)
                if pairs.isEmpty {
                    plan.warnings.append(Diagnostic(.warning, at: document.startLocation, "no field \"\(key)\" to remove"))
                }
                for pair in pairs { plan.patches.append(try patcher.removeField(pair)) }
            }
        }
        if let body { plan.patches.append(FrontMatterPatcher.replaceBody(of: document, with: body)) }
        return plan
    }
}

extension YAMLScalarValue {
    /// The value as templates see it, the form the validator compares.
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
