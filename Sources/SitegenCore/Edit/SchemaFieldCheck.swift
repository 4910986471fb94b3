/// The schema's rules on a whole file, for an edit's final validation: each value the schema
/// types read by `FieldSpec.read` (the build's one reading), a declared collection's required
/// fields present, and its undeclared keys warned about as `build` warns about a post's.
///
/// The collections loader (`CollectionItem.load`) applies the same rules when a site is built;
/// once `ContentKind.check` runs it for an item, that call replaces `problems(in:)` here.
enum SchemaFieldCheck {
    /// Every problem `fields`' schema finds in `document`, at the offending node.
    static func problems(in document: ContentDocument, _ fields: EditableFields) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for spec in fields.typed {
            guard let node = document.fields?[spec.name], node.scalarValue != .null else {
                if fields.isDeclaredItem, fields.required.contains(spec.name) {
                    problems.append(
                        Diagnostic(at: document.startLocation, "\(fields.kindName) needs \(spec.name)"))
                }
                continue
            }
            if case .failure(let problem) = spec.read(node) {
                let location = document.location(of: problem.mark ?? node.start)
                problems.append(Diagnostic(at: location, problem.message))
            }
        }
        guard fields.isDeclaredItem else { return problems }
        let names = fields.names
        for pair in document.fields?.pairs ?? [] {
            guard let key = pair.key.scalarText, !names.contains(key) else { continue }
            let hint = FieldReader.nearMiss(of: key, among: Set(names)).map { "; did you mean \"\($0)\"?" } ?? ""
            problems.append(
                Diagnostic(
                    .warning, at: document.location(of: pair.key.start),
                    "\(fields.kindName) has no field \"\(key)\"; it is ignored\(hint)"))
        }
        return problems
    }
}
