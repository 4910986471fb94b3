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

    /// Patches for each field and the body, after checking immutable and required fields.
    public func plan(for document: ContentDocument, kind: ContentKind) throws(EditFailure) -> EditPlan {
        let problems = FieldEditRules.problems(with: self, in: document, kind: kind)
        if !problems.isEmpty { throw .refused(problems) }
        var plan = EditPlan(patches: [], body: body)
        if !assignments.isEmpty || !removals.isEmpty {
            let patcher = try FrontMatterPatcher(document)
            var newFields: [(key: String, yaml: String)] = []
            // A key given twice takes its last value; a key removed twice is removed once.
            let lastAssignments = assignments.enumerated().filter { index, assignment in
                !assignments[(index + 1)...].contains { $0.key == assignment.key }
            }.map(\.element)
            for assignment in lastAssignments {
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
            var removed: Set<String> = []
            for key in removals where removed.insert(key).inserted {
                plan.fields[key] = .absent
                let pairs = patcher.pairs(key)
                if pairs.isEmpty {
                    plan.warnings.append(Diagnostic(.warning, at: document.startLocation, "no field \"\(key)\" to remove"))
                }
                for pair in pairs { plan.patches.append(try patcher.removeField(pair)) }
            }
        }
        if let body {
            let gainsFrontMatter = !document.frontMatter.isPresent && plan.patches.isEmpty
            // Without front matter before it, a body opening with a "---" line would be read as front matter
            // (an unclosed one makes FrontMatter throw, which means the same).
            if gainsFrontMatter && (try? FrontMatter.locate(in: body))?.isPresent != false {
                throw .refused(
                    at: document.startLocation,
                    "the new body starts with a \"---\" line and would be read as front matter; give the file front matter too (e.g. --set title=…)")
            }
            plan.patches.append(FrontMatterPatcher.replaceBody(of: document, with: body))
        }
        return plan
    }
}
