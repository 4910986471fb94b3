/// A kind sitegen declares itself — posts, the menu, profiles — read like any collection's item: its
/// schema (`BuiltInCollections`, with the fields `site.yml` adds) is its rules, and the model is made
/// from the typed values that reading gives, holding in fields of its own what its pages, lists and
/// groups use and the rest (`image`, `updated`, added fields) as values by name.
package protocol BuiltInKind: ContentModel {
    /// The kind's schema as sitegen declares it.
    static var builtInSchema: CollectionSchema { get }
    /// The model made from a read that found no error: `nil` only when a required field is missing.
    init?(slug: String, fields: CollectionSchema.ItemFields, body: String)
    /// Where its file sits: `content/<kind>/<slug>.md` or `…/<slug>/index.md`.
    var sourcePath: String { get }
    /// The Markdown body.
    var body: String { get }
    /// The values of the fields it does not hold in fields of its own, by name.
    var fieldValues: [String: FieldValue] { get }
    /// Every field's value it has, by name: those it holds in fields of its own (what `init?(slug:fields:body:)`
    /// took from the values read) and `fieldValues`.
    var values: [String: FieldValue] { get }
    /// What its page calls it (`page.title`): an image field's `alt`.
    var displayTitle: String { get }
}

extension BuiltInKind {
    /// Reads a document against the built-in schema alone.
    package static func read(_ fields: inout FieldReader, slug: String) -> Self? {
        Self(slug: slug, fields: fields.fields(of: builtInSchema), body: fields.document.body)
    }

    /// Parses and checks a document against `schema`: the built-in one with the fields `site.yml` adds.
    package static func load(_ document: ContentDocument, slug: String, schema: CollectionSchema) -> (
        model: Self?, diagnostics: [Diagnostic]
    ) {
        schema.read(document, kind: kindName) { Self(slug: slug, fields: $0, body: document.body) }
    }

    package static var immutableFields: Set<String> { Set(builtInSchema.fields.filter(\.isImmutable).map(\.name)) }
    package static var requiredFields: Set<String> { Set(builtInSchema.fields.filter(\.isRequired).map(\.name)) }
    package static var valueKinds: [String: FieldValueKind] {
        var kinds: [String: FieldValueKind] = [:]
        for spec in builtInSchema.fields {
            if spec.valueKind != .text { kinds[spec.name] = spec.valueKind }
        }
        return kinds
    }
}

extension [String: FieldValue] {
    /// The text of field `name`, if it holds text.
    func text(_ name: String) -> String? {
        if case .text(let text)? = self[name] { return text }
        return nil
    }

    /// These values without those a model holds in fields of its own.
    func without(_ names: Set<String>) -> [String: FieldValue] { filter { !names.contains($0.key) } }
}
