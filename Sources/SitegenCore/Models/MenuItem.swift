/// A dish on the menu: `content/menu/<slug>.md`.
package struct MenuItem: ContentModel, Sendable, Equatable {
    /// The item's id, from its file name.
    package var slug: String
    /// The dish's name.
    package var name: String
    /// The price in whole won.
    package var price: Int
    /// The Markdown body: the description.
    package var body: String
    /// Addresses the page had before (`aliases:`), each redirecting to it.
    package var aliases: [String] = []
    /// Whether it is a page bundle (`<slug>/index.md`, with the files it shows beside it).
    package var isBundle = false
    /// `layout:`, the template its page renders with instead of `menu-item`.
    package var layout: PageLayout? = nil
    /// The values of the fields `site.yml` adds to this kind, by name.
    package var fieldValues: [String: FieldValue] = [:]

    package static let kindName = "a menu item"

    /// The price as shown to people: `33,000원`.
    package var priceText: String { GroupedNumber.string(Int64(price)) + "원" }
}

/// A menu item read like any collection's item (`BuiltInKind`), by the schema `BuiltInCollections.menu`.
extension MenuItem: BuiltInKind {
    package static var builtInSchema: CollectionSchema { BuiltInCollections.menu }

    package init?(slug: String, fields: CollectionSchema.ItemFields, body: String) {
        guard let name = fields.values.text("name"), case .integer(let price)? = fields.values["price"] else {
            return nil
        }
        self.init(
            slug: slug, name: name, price: price, body: body, aliases: fields.aliases, layout: fields.layout,
            fieldValues: fields.values.without(["name", "price"]))
    }

    package var values: [String: FieldValue] {
        fieldValues.merging(["name": .text(name), "price": .integer(price)]) { added, _ in added }
    }

    package var displayTitle: String { name }
}

/// A menu item as the source cache keeps it (`StoredModel`): every field but the body, and but
/// `isBundle`, which the file's path says.
extension MenuItem: StoredModel {
    static var blank: MenuItem { MenuItem(slug: "", name: "", price: 0, body: "") }

    mutating func walkStoredFields(_ record: inout some StoredRecord) {
        record.text(&slug)
        record.text(&name)
        record.integer(&price)
        record.texts(&aliases)
        record.layout(&layout)
        record.values(&fieldValues)
    }
}
