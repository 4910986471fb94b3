/// The rules a request must keep before anything is patched: immutable
/// fields stay as created, required fields stay present.
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
        for key in request.removals where model.requiredFields.contains(key) && !model.immutableFields.contains(key) {
            let location =
                document.fields?.pairs?.first { $0.key.scalarText == key }
                .map { document.location(of: $0.key.start) } ?? document.startLocation
            problems.append(Diagnostic(at: location, "\(key) is required and cannot be removed"))
        }
        return problems.sorted()
    }
}
