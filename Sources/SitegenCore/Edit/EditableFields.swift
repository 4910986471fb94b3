/// The fields an edit may name in one file, with their rules: the kind's own (`ContentModel`: a
/// post's `username` is immutable, a price is whole won) and, for an item of a collection, the
/// schema's, each value typed by its `FieldSpec` (the fields `site.yml` adds to a built-in kind,
/// or every field of a collection it declares). `edit`, `new` and the preview's API all ask this.
package struct EditableFields: Sendable {
    /// How the file is read.
    package let kind: ContentKind
    /// The file's collection, with the fields `site.yml` adds; `nil` for a page or the primes page.
    package let schema: CollectionSchema?

    /// The fields of a kind, with its collection's schema if it has one.
    package init(kind: ContentKind, schema: CollectionSchema? = nil) {
        self.kind = kind
        self.schema = schema
        if let schema, !schema.isBuiltIn { collections.declared = [schema] }
    }

    /// The site's collections: what the loader reads an item with.
    package var collections = SiteCollections()

    /// The fields of `target` in a site whose collections are `collections`.
    package init(_ target: EditTarget, collections: SiteCollections) {
        kind = target.kind
        schema = kind.folder.flatMap(collections.schema(named:))
        self.collections = collections
    }

    /// Whether the file is an item of a collection `site.yml` declares: then the schema alone has its rules.
    package var isDeclaredItem: Bool { schema.map { !$0.isBuiltIn } ?? false }

    /// The fields whose values the schema types: every field of a declared collection (and those every
    /// item has, `aliases` and `layout`); for a built-in kind, those `site.yml` adds to it (and a post's
    /// `image` and `updated`).
    package var typed: [FieldSpec] {
        guard let schema else { return [] }
        guard isDeclaredItem else {
            // A post's `image` and `updated` are typed values of its own (`Post.fieldValues`).
            return (schema.name == BuiltInCollections.posts.name ? BuiltInCollections.postFieldValues : [])
                + schema.declaredFields
        }
        return schema.fields
            + BuiltInCollections.commonFields.filter { common in !schema.fields.contains { $0.name == common.name } }
    }

    /// The field the schema types under `name`, if any.
    package func typedSpec(_ name: String) -> FieldSpec? { typed.first { $0.name == name } }

    /// The kind's name in messages: "a post", "an item of events".
    package var kindName: String {
        guard isDeclaredItem, let schema else { return kind.model.kindName }
        return "an item of \(schema.name)"
    }

    /// Every field that may be set: the kind's and the schema's, in the schema's order where it has one.
    package var names: [String] {
        let own = isDeclaredItem ? [] : kind.model.fieldNames.sorted()
        return own + typed.map(\.name).filter { !own.contains($0) }
    }

    /// Fields set when the item is created and never changed.
    package var immutable: Set<String> {
        (isDeclaredItem ? [] : kind.model.immutableFields).union(typed.filter(\.isImmutable).map(\.name))
    }

    /// Fields an item must have (a required field with a default has it without saying).
    package var required: Set<String> {
        (isDeclaredItem ? [] : kind.model.requiredFields).union(
            typed.filter { $0.isRequired && $0.defaultValue == nil }.map(\.name))
    }

    /// How `edit --set` writes a field's value, and whether `--add`/`--remove` apply to it.
    package func valueKind(_ name: String) -> FieldValueKind? {
        if !isDeclaredItem, let own = kind.model.valueKinds[name] { return own }
        return typedSpec(name)?.valueKind
    }
}
