/// `page.item` on the built-in kinds, as on any collection's item: every field of the kind's schema
/// the item has, its own (a post's `title`, a menu item's `price`) and those `site.yml` adds, by name.
/// The keys the built-in templates read beside `item` (`page.title`, `page.price_text`) stay.
/// Each is a lazy value of its own (`SiteModel.fieldsKind`), made only when a template reads it.
extension SiteValues {
    /// What an item's field values are made with: its kind's schema and the site's words and paths.
    struct KindFields: Sendable {
        let schema: CollectionSchema
        let context: FieldContext
    }

    /// A built-in item's `item`: every field's value it has (`BuiltInKind.values`), as a declared
    /// collection's item shows them, without the generic templates' `fields` list.
    static func itemFields(of item: some BuiltInKind, _ kind: KindFields) -> TemplateValue {
        .object(
            fieldValues(
                item.values, of: kind.schema, source: item.sourcePath, title: item.displayTitle, kind.context,
                listing: false
            ).byName)
    }
}
