extension ContentModel {
    /// Parses and checks a document as this kind with the fields `site.yml` adds to it: the
    /// model, the added fields' values, and every problem (a key neither declares is a warning).
    static func load(_ document: ContentDocument, slug: String, adding added: [FieldSpec]) -> (
        model: Self?, values: [String: FieldValue], diagnostics: [Diagnostic]
    ) {
        var reader = FieldReader(document)
        let model = read(&reader, slug: slug)
        let values = reader.values(of: added)
        reader.warnAboutUnknownFields(kind: kindName)
        let failed = reader.diagnostics.contains { $0.severity == .error }
        return (failed ? nil : model, values, reader.diagnostics)
    }
}
