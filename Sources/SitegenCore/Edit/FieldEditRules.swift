/// The rules a request must keep before anything is patched: immutable
/// fields stay as created, required fields stay present, and only fields the
/// kind declares are set (unless the request says otherwise).
enum FieldEditRules {
    /// Every rule the request breaks, located at the field in the file as read.
    static func problems(with request: EditRequest, in document: ContentDocument, kind: ContentKind) -> [Diagnostic] {
        let model = kind.model
        var problems: [Diagnostic] = []
        let named = request.assignments.map(\.key) + request.removals + Set(request.listChanges.map(\.key)).sorted()
        for key in named where model.immutableFields.contains(key) {
            // A missing immutable field may be filled in; one that has a value is fixed for good.
            guard let pair = document.fields?.pairs?.first(where: { $0.key.scalarText == key }),
                pair.value.scalarValue != .null
            else { continue }
            problems.append(
                Diagnostic(at: document.location(of: pair.key.start), "\(key) cannot be changed after creation"))
        }
        if !request.setsUndeclaredFields {
            let declared = model.fieldNames
            var seen: Set<String> = []
            for key in request.assignments.map(\.key) + request.listChanges.map(\.key)
            where !declared.contains(key) && seen.insert(key).inserted {
                let location =
                    document.fields?.pairs?.first { $0.key.scalarText == key }
                    .map { document.location(of: $0.key.start) } ?? document.startLocation
                let hint = FieldReader.nearMiss(of: key, among: declared).map { " did you mean \"\($0)\"?" } ?? ""
                problems.append(
                    Diagnostic(
                        at: location,
                        "\(model.kindName) has no field \"\(key)\";\(hint) (--force writes it anyway, for a field the site's own templates read)"
                    ))
            }
        }
        for key in request.removals where model.requiredFields.contains(key) && !model.immutableFields.contains(key) {
            let location =
                document.fields?.pairs?.first { $0.key.scalarText == key }
                .map { document.location(of: $0.key.start) } ?? document.startLocation
            problems.append(Diagnostic(at: location, "\(key) is required and cannot be removed"))
        }
        return problems.sorted()
    }
}
