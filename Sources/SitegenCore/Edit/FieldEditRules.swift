/// The rules a request must keep before anything is patched: immutable
/// fields stay as created, required fields stay present, only fields the
/// kind declares are set (unless the request says otherwise), and each value
/// the collection's schema types fits its field.
enum FieldEditRules {
    /// Every rule the request breaks, located at the field in the file as read.
    static func problems(with request: EditRequest, in document: ContentDocument, fields: EditableFields)
        -> [Diagnostic]
    {
        var problems: [Diagnostic] = []
        func pair(_ key: String) -> YAMLPair? { document.fields?.pairs?.first { $0.key.scalarText == key } }
        let named = request.assignments.map(\.key) + request.removals + Set(request.listChanges.map(\.key)).sorted()
        for key in named where fields.immutable.contains(key) {
            // A missing immutable field may be filled in; one that has a value is fixed for good.
            guard let pair = pair(key), pair.value.scalarValue != .null else { continue }
            problems.append(
                Diagnostic(at: document.location(of: pair.key.start), "\(key) cannot be changed after creation"))
        }
        let declared = fields.names
        if !request.setsUndeclaredFields {
            var seen: Set<String> = []
            for key in request.assignments.map(\.key) + request.listChanges.map(\.key)
            where !declared.contains(key) && seen.insert(key).inserted {
                let location = pair(key).map { document.location(of: $0.key.start) } ?? document.startLocation
                let hint = FieldReader.nearMiss(of: key, among: Set(declared)).map { " did you mean \"\($0)\"?" } ?? ""
                problems.append(
                    Diagnostic(
                        at: location,
                        "\(fields.kindName) has no field \"\(key)\";\(hint) (--force writes it anyway, for a field the site's own templates read)"
                    ))
            }
        }
        for key in request.removals where fields.required.contains(key) && !fields.immutable.contains(key) {
            let location = pair(key).map { document.location(of: $0.key.start) } ?? document.startLocation
            problems.append(Diagnostic(at: location, "\(key) is required and cannot be removed"))
        }
        // A value the schema types, checked as `build` will read it, at the value it replaces.
        for assignment in request.lastAssignments {
            guard let spec = fields.typedSpec(assignment.key), spec.type != .list,
                case .failure(let problem) = spec.parse(commandLineText: assignment.value)
            else { continue }
            let location = pair(assignment.key).map { document.location(of: $0.value.start) } ?? document.startLocation
            problems.append(Diagnostic(at: location, problem.message))
        }
        return problems.sorted()
    }
}
