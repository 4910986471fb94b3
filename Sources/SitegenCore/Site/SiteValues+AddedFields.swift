/// `page.item` on the built-in kinds when `site.yml` adds fields to them: the added fields'
/// values (as a declared collection's item shows them) beside the kind's own.
extension SiteValues {
    /// What the values of added fields are made with: the kind's schema and the site's words and paths.
    struct AddedFields: Sendable {
        let schema: CollectionSchema
        let context: FieldContext
    }

    /// A post's `item`: `username`, `title`, `date` (and `date_iso`), `tags`, `draft`, `description`,
    /// and every field `site.yml` adds.
    static func addedFields(of post: Post, _ added: AddedFields) -> TemplateValue {
        var own: [String: FieldValue] = ["username": .text(post.username), "tags": .list(post.tags)]
        own["draft"] = .boolean(post.isDraft)
        if let title = post.title { own["title"] = .text(title) }
        if let date = post.date { own["date"] = .date(date) }
        if let description = post.description { own["description"] = .text(description) }
        own.merge(post.fieldValues) { _, added in added }
        return .object(
            fieldValues(own, of: added.schema, source: post.sourcePath, title: post.displayTitle, added.context).byName)
    }

    /// A menu item's or a profile's `item`: the fields `site.yml` adds (their own are keys of the item's value).
    static func addedFields(
        _ values: [String: FieldValue], source: String, title: String, _ added: AddedFields
    ) -> TemplateValue {
        .object(fieldValues(values, of: added.schema, source: source, title: title, added.context).byName)
    }
}
