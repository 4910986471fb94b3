/// `sitegen edit --set/--unset/--add/--remove/--body`: new values for
/// top-level fields, fields to remove, items added to or removed from list
/// fields, and optionally a new body.
package struct EditRequest: ContentChange, Sendable {
    /// One `--set KEY=VALUE`.
    package struct Assignment: Sendable, Hashable {
        /// The field's name.
        package var key: String
        /// The new value, as text; written as YAML by `YAMLScalarWriter`. For a list field,
        /// a YAML list such as `[a, b]`, read by the YAML parser.
        package var value: String

        /// An assignment of `value` to `key`.
        package init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// One `--add KEY=ITEM` or `--remove KEY=ITEM` of a list field.
    package struct ListChange: Sendable, Hashable {
        /// Whether the item is added or removed.
        package enum Action: Sendable, Hashable {
            /// The item goes after the list's last item; it must not be there yet.
            case add
            /// The item (the first one with that text) leaves the list; it must be there.
            case remove
        }

        /// Adding or removing.
        package var action: Action
        /// The list field's name.
        package var key: String
        /// The item's text (surrounding whitespace is ignored).
        package var item: String

        /// A change of one item of list field `key`.
        package init(_ action: Action, key: String, item: String) {
            self.action = action
            self.key = key
            self.item = item
        }
    }

    /// Fields to set, in the order given.
    package var assignments: [Assignment]
    /// Fields to remove.
    package var removals: [String]
    /// Items to add to and remove from list fields, applied in the order given.
    package var listChanges: [ListChange]
    /// The new body's bytes, or `nil` to keep the body.
    package var body: [UInt8]?
    /// Whether fields the item's kind does not declare may be set (`--force`: a field the site's own
    /// templates read); otherwise setting one is refused, as it is most often a misspelling.
    package var setsUndeclaredFields = false

    /// A request; empty by default.
    package init(
        assignments: [Assignment] = [], removals: [String] = [], listChanges: [ListChange] = [], body: [UInt8]? = nil
    ) {
        self.assignments = assignments
        self.removals = removals
        self.listChanges = listChanges
        self.body = body
    }

    /// Whether the request changes nothing (then `sitegen edit` opens an editor instead).
    package var isEmpty: Bool { assignments.isEmpty && removals.isEmpty && listChanges.isEmpty && body == nil }

    /// The request's assignments, a key given twice taking its last value.
    var lastAssignments: [Assignment] {
        assignments.enumerated().filter { index, assignment in
            !assignments[(index + 1)...].contains { $0.key == assignment.key }
        }.map(\.element)
    }

    /// Patches for each field and the body, with the kind's rules alone.
    package func plan(for document: ContentDocument, kind: ContentKind) throws(EditFailure) -> EditPlan {
        try plan(for: document, fields: EditableFields(kind: kind))
    }

    /// Patches for each field and the body, after checking immutable and required fields, the
    /// values the schema types, and list changes.
    package func plan(for document: ContentDocument, fields: EditableFields) throws(EditFailure) -> EditPlan {
        var problems = FieldEditRules.problems(with: self, in: document, fields: fields)
        var listEdits: [ListFieldEdit] = []
        switch ListFieldEdit.edits(for: self, in: document, fields: fields) {
        case .success(let edits): listEdits = edits
        case .failure(let found): problems += found.diagnostics
        }
        if !problems.isEmpty { throw .refused(problems.sorted()) }
        var plan = EditPlan(patches: [], body: body)
        if !assignments.isEmpty || !removals.isEmpty || !listChanges.isEmpty {
            let patcher = try FrontMatterPatcher(document)
            var newFields: [(key: String, yaml: String)] = []
            func write(_ edit: ListFieldEdit) throws(EditFailure) {
                let (write, readsAs) = try edit.write(with: edit.patcher(document, patcher))
                plan.fields[edit.key] = .reads(readsAs)
                switch write {
                case .patches(let patches): plan.patches += patches
                case .newField(let yaml): newFields.append((edit.key, yaml))
                }
            }
            // A key given twice takes its last value; a key removed twice is removed once.
            for assignment in lastAssignments {
                if let edit = listEdits.first(where: { $0.key == assignment.key }) {
                    try write(edit)
                    continue
                }
                let yaml: String
                if let spec = fields.typedSpec(assignment.key),
                    case .success(let value) = spec.parse(commandLineText: assignment.value)
                {
                    yaml = YAMLScalarWriter.yaml(for: value, written: assignment.value)
                    plan.fields[assignment.key] = .reads(try Self.readBack(yaml))
                } else {
                    let written = YAMLScalarWriter.value(
                        assignment.value, as: fields.valueKind(assignment.key) ?? .text)
                    yaml = written.yaml
                    plan.fields[assignment.key] = .reads(written.readsAs.templateValue)
                }
                if let pair = patcher.firstPair(assignment.key) {
                    plan.patches.append(try patcher.replaceValue(of: pair, with: yaml))
                } else {
                    newFields.append((assignment.key, yaml))
                }
            }
            for edit in listEdits where !assignments.contains(where: { $0.key == edit.key }) { try write(edit) }
            if !newFields.isEmpty { plan.patches.append(patcher.addFields(newFields)) }
            var removed: Set<String> = []
            for key in removals where removed.insert(key).inserted {
                plan.fields[key] = .absent
                let pairs = patcher.pairs(key)
                if pairs.isEmpty {
                    plan.warnings.append(
                        Diagnostic(.warning, at: document.startLocation, "no field \"\(key)\" to remove"))
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
                    "the new body starts with a \"---\" line and would be read as front matter; give the file front matter too (e.g. --set title=…)"
                )
            }
            plan.patches.append(FrontMatterPatcher.replaceBody(of: document, with: body))
        }
        return plan
    }

    /// What the YAML written for a typed value reads as, for the validator to compare.
    private static func readBack(_ yaml: String) throws(EditFailure) -> TemplateValue {
        do {
            guard let node = try YAMLParser().parse(yaml) else { return .null }
            return node.templateValue
        } catch {
            throw .failed(
                "sitegen wrote \(yaml) as YAML that does not read back; nothing was written (please report this)")
        }
    }
}
