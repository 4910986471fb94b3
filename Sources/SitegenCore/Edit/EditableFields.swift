/// The fields an edit may name in one file, with their rules: the kind's own (`ContentModel`: a
/// post's `username` is immutable, a price is whole won) and, for an item of a collection, the
/// schema's, each value typed by its `FieldSpec` (the fields `site.yml` adds to a built-in kind,
/// or every field of a collection it declares). `edit`, `new` and the preview's API all ask this.
package struct EditableFields: Sendable {
    /// How the file is read.
    package let kind: ContentKind
    /// The file's collection, with the fields `site.yml` adds; `nil` for a page or the primes page.
    package let schema: CollectionSchema?

    /// The fields of a kind, with its collection's schema if it has one (a built-in kind's own, unless given).
    package init(kind: ContentKind, schema: CollectionSchema? = nil) {
        self.kind = kind
        self.schema = schema ?? kind.folder.flatMap(BuiltInCollections.schema(named:))
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

    /// Every field of the file's collection, with its rules: its schema's — for a built-in kind its
    /// own and those `site.yml` adds to it — and `aliases` and `layout`, which every item has. Empty
    /// for a page and the primes page, whose rules are their models'.
    package var all: [FieldSpec] {
        guard let schema else { return [] }
        return schema.fields
            + BuiltInCollections.commonFields.filter { common in !schema.fields.contains { $0.name == common.name } }
    }

    /// The field of the collection named `name`, if any.
    package func spec(_ name: String) -> FieldSpec? { all.first { $0.name == name } }

    /// The fields whose values are typed from the command line's text (`--set KEY=VALUE`, the
    /// API's JSON): every field of a declared collection; for a built-in kind, those `site.yml` adds
    /// to it (and a post's `image` and `updated`) — its own have options and writers of their own.
    package var typed: [FieldSpec] {
        guard let schema else { return [] }
        guard isDeclaredItem else {
            // A post's `image` and `updated` are typed values of its own (`Post.fieldValues`).
            return (schema.name == BuiltInCollections.posts.name ? BuiltInCollections.postFieldValues : [])
                + schema.declaredFields
        }
        return all
    }

    /// The field the schema types under `name`, if any.
    package func typedSpec(_ name: String) -> FieldSpec? { typed.first { $0.name == name } }

    /// The kind's name in messages: "a post", "an item of events".
    package var kindName: String {
        guard isDeclaredItem, let schema else { return kind.model.kindName }
        return "an item of \(schema.name)"
    }

    /// Every field that may be set: the collection's, in its schema's order; a page's, its model's.
    package var names: [String] { schema == nil ? kind.model.fieldNames.sorted() : all.map(\.name) }

    /// Fields set when the item is created and never changed.
    package var immutable: Set<String> {
        schema == nil ? kind.model.immutableFields : Set(all.filter(\.isImmutable).map(\.name))
    }

    /// Fields an item must have (a required field with a default has it without saying).
    package var required: Set<String> {
        schema == nil
            ? kind.model.requiredFields : Set(all.filter { $0.isRequired && $0.defaultValue == nil }.map(\.name))
    }

    /// How `edit --set` writes a field's value, and whether `--add`/`--remove` apply to it.
    package func valueKind(_ name: String) -> FieldValueKind? {
        schema == nil ? kind.model.valueKinds[name] : spec(name)?.valueKind
    }
}
