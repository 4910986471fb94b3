/// The one reading of an item of any collection — a post, a menu item, a profile or an item of a
/// collection `site.yml` declares: each field of the schema by `FieldSpec.read` (built-in and added
/// alike), then `layout:` and `aliases:`, then a warning for every key no field declares.
extension CollectionSchema {
    /// What a document's fields hold, read against a schema.
    package struct ItemFields: Sendable {
        /// Each field the item has (or has a default for), by name.
        package var values: [String: FieldValue]
        /// `layout:`, the template its page renders with instead of its kind's.
        package var layout: PageLayout?
        /// Addresses the page had before (`aliases:`).
        package var aliases: [String]
    }

    /// Reads and checks `document` as an item of this collection, called `kind` in messages: `make`
    /// builds the item from its fields (`nil` after any error) beside every problem found, one per
    /// wrong value; a key no field declares is a warning with a "did you mean".
    package func read<Item>(_ document: ContentDocument, kind: String, make: (ItemFields) -> Item?) -> (
        model: Item?, diagnostics: [Diagnostic]
    ) {
        var reader = FieldReader(document)
        let fields = reader.fields(of: self)
        reader.warnAboutUnknownFields(kind: kind)
        guard !reader.diagnostics.contains(where: { $0.severity == .error }) else { return (nil, reader.diagnostics) }
        return (make(fields), reader.diagnostics)
    }
}

extension FieldReader {
    /// The fields of `schema` this document has: every typed value, its layout and its aliases
    /// (which every kind has, read by their own rules).
    package mutating func fields(of schema: CollectionSchema) -> CollectionSchema.ItemFields {
        let common = BuiltInCollections.commonFieldNames
        let values = values(of: schema.fields.filter { !common.contains($0.name) })
        let layout = layout()
        let aliases = aliases()
        return CollectionSchema.ItemFields(values: values, layout: layout, aliases: aliases)
    }
}
