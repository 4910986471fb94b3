extension CollectionItem {
    /// What messages call an item of `collection`: `an item of events`.
    static func kindName(of collection: String) -> String { "an item of \(collection)" }

    /// Reads and checks a document as an item of `schema`: the item (`nil` after an error) and
    /// every problem found, one per wrong value; a key no field declares is a warning.
    package static func load(_ document: ContentDocument, slug: String, schema: CollectionSchema) -> (
        model: CollectionItem?, diagnostics: [Diagnostic]
    ) {
        schema.read(document, kind: kindName(of: schema.name)) { fields in
            CollectionItem(
                collection: schema.name, slug: slug, values: fields.values, body: document.body, layout: fields.layout,
                aliases: fields.aliases)
        }
    }
}

/// A collection's item as a `ContentModel` knows it without its schema: no declared, required
/// or immutable field. Code that has the schema reads an item with `load(_:slug:schema:)`.
extension CollectionItem: ContentModel {
    package static let kindName = "a collection's item"
    package static let immutableFields: Set<String> = []
    package static let requiredFields: Set<String> = []
    package static let valueKinds: [String: FieldValueKind] = ["aliases": .textList]

    package static func read(_ fields: inout FieldReader, slug: String) -> CollectionItem? {
        let layout = fields.layout()
        let aliases = fields.aliases()
        return CollectionItem(
            collection: "", slug: slug, values: [:], body: fields.document.body, layout: layout, aliases: aliases)
    }
}
