/// Reading front matter against a schema: each declared field by `FieldSpec.read`, a
/// missing required field an error, an absent one its default.
extension FieldReader {
    /// The value of `spec`'s field: read and checked, its default when absent, `nil` when absent
    /// without one or wrong (then with an error at the value; a required one missing, at the file's start).
    package mutating func value(of spec: FieldSpec) -> FieldValue? {
        guard let node = node(spec.name) else {
            if spec.isRequired {
                if let empty = document.fields?[spec.name] {
                    report("\(spec.name) must not be empty", at: empty)
                } else {
                    reportAtStart("missing required field \"\(spec.name)\"")
                }
            }
            return spec.defaultValue
        }
        switch spec.read(node, firstLine: document.frontMatter.yamlFirstLine) {
        case .success(.image(var image)):
            // Where it is written, for the error when the file is missing.
            let location = document.location(of: node.start)
            (image.line, image.column) = (location.line ?? 0, location.column ?? 0)
            return .image(image)
        case .success(let value): return value
        case .failure(let problem):
            for problem in [problem] + problem.more { report(problem.message, at: problem.mark ?? node.start) }
            return nil
        }
    }

    /// The values of `specs` the document has (or has defaults for), by name.
    package mutating func values(of specs: [FieldSpec]) -> [String: FieldValue] {
        var values: [String: FieldValue] = [:]
        for spec in specs {
            if let value = value(of: spec) { values[spec.name] = value }
        }
        return values
    }
}
