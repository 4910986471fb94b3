/// An edit as data, before it touches the disk: the byte patches and what the
/// patched file must read as, so the validator can prove nothing else moved.
package struct EditPlan: Sendable {
    /// What one field must read as after the edit.
    package enum Expectation: Sendable, Equatable {
        /// The field is gone.
        case absent
        /// The field reads as this value.
        case reads(TemplateValue)
    }

    /// The changes to the file's bytes.
    package var patches: [BytePatch]
    /// Fields the edit names and what each must read as afterwards; every other field must read as before.
    package var fields: [String: Expectation]
    /// The new body, or `nil` when the body must stay as it was.
    package var body: [UInt8]?
    /// Whether the edit may change any field (a whole new file from an editor); then only the kind's rules apply.
    package var changesWholeFile: Bool
    /// Warnings found while planning (e.g. removing a field that is not there).
    package var warnings: [Diagnostic]

    /// A plan; by default it names no fields and keeps the body.
    package init(
        patches: [BytePatch], fields: [String: Expectation] = [:], body: [UInt8]? = nil, changesWholeFile: Bool = false,
        warnings: [Diagnostic] = []
    ) {
        self.patches = patches
        self.fields = fields
        self.body = body
        self.changesWholeFile = changesWholeFile
        self.warnings = warnings
    }
}

/// A change to a content file that can be planned against the file as read.
package protocol ContentChange: Sendable {
    /// The plan for this change on `document`, read as `kind`; throws when the change is not allowed.
    func plan(for document: ContentDocument, kind: ContentKind) throws(EditFailure) -> EditPlan
    /// The plan on `document` with its fields' rules, the collection's schema among them.
    func plan(for document: ContentDocument, fields: EditableFields) throws(EditFailure) -> EditPlan
}

extension ContentChange {
    /// A change that knows no schema plans with its kind's rules alone.
    package func plan(for document: ContentDocument, fields: EditableFields) throws(EditFailure) -> EditPlan {
        try plan(for: document, kind: fields.kind)
    }
}
