/// Proves a patched file is one `build` accepts and that the edit changed
/// only what it named: re-parses it, runs the loader's rules for its kind (a declared
/// collection's item, or a built-in kind with the fields site.yml adds, read against its
/// schema as `build` reads it; and the rule across
/// files a profile's edit easily breaks, `UsernameClaim`), keeps immutable fields,
/// and compares every field and the body with what the plan expects.
struct EditValidator {
    /// The file being edited.
    let target: EditTarget
    /// Its fields' rules, with its collection's schema.
    let fields: EditableFields
    /// The largest file `build` reads (`max_file_size`).
    let maxFileSize: Int

    /// A validator for `target`, with its kind's rules alone unless `fields` brings its collection's schema.
    init(target: EditTarget, fields: EditableFields? = nil, maxFileSize: Int) {
        self.target = target
        self.fields = fields ?? EditableFields(kind: target.kind)
        self.maxFileSize = maxFileSize
    }

    /// The warnings `build` would print for the new file; throws when it must not be written.
    /// `original` is the file as read, `nil` when it could not be parsed (an editor may be fixing it).
    func validate(_ bytes: [UInt8], original: ContentDocument?, plan: EditPlan) throws(EditFailure) -> [Diagnostic] {
        if bytes.count > maxFileSize {
            throw .refused(
                at: SourceLocation(path: target.sitePath),
                "the file would be \(bytes.count) bytes, larger than max_file_size (\(maxFileSize)); raise max_file_size in site.yml if this is intended"
            )
        }
        let document: ContentDocument
        do {
            document = try ContentDocument(path: target.sitePath, bytes: bytes)
        } catch {
            throw .refused([error])
        }
        var diagnostics =
            target.kind.check(document, slug: target.slug, collections: fields.collections)
            + (original.map { immutableFieldProblems(document, $0) } ?? [])
        // Only a username the edit gives: a clash already in the files is `build`'s to report.
        if original?.fields?["username"]?.scalarText != document.fields?["username"]?.scalarText,
            let clash = UsernameClaim.problem(document, at: target)
        {
            diagnostics.append(clash)
        }
        if diagnostics.contains(where: { $0.severity == .error }) { throw .refused(diagnostics.sorted()) }
        if !plan.changesWholeFile, let original, let mismatch = mismatch(document, original, plan) {
            throw .refused(
                at: SourceLocation(path: target.sitePath),
                "sitegen could not make this edit without changing \(mismatch) too; nothing was written (please report this)"
            )
        }
        return plan.warnings + diagnostics
    }

    private func immutableFieldProblems(_ document: ContentDocument, _ original: ContentDocument) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for key in fields.immutable.sorted() {
            guard let old = original.fields?[key], old.scalarValue != .null else { continue }
            let new = document.fields?[key]
            if new?.scalarText != old.scalarText {
                let location = new.map { document.location(of: $0.start) } ?? document.startLocation
                problems.append(Diagnostic(at: location, "\(key) cannot be changed after creation"))
            }
        }
        return problems
    }

    /// What differs from the plan's expectations, in words, or `nil`.
    private func mismatch(_ document: ContentDocument, _ original: ContentDocument, _ plan: EditPlan) -> String? {
        let body = plan.body ?? Array(original.bytes[original.frontMatter.bodyRange])
        if Array(document.bytes[document.frontMatter.bodyRange]) != body { return "the body" }
        for (key, expectation) in plan.fields.sorted(by: { $0.key < $1.key }) {
            let value = document.fields?[key]
            switch expectation {
            case .absent where value != nil: return "field \"\(key)\" (it is still there)"
            case .reads(let expected) where value?.templateValue != expected:
                return "field \"\(key)\" (it would not read as asked)"
            default: continue
            }
        }
        let keys = Set((original.fields?.pairs ?? []).compactMap(\.key.scalarText))
            .union((document.fields?.pairs ?? []).compactMap(\.key.scalarText))
        for key in keys.sorted() where plan.fields[key] == nil {
            if original.fields?[key]?.templateValue != document.fields?[key]?.templateValue {
                return "field \"\(key)\""
            }
        }
        return nil
    }
}
