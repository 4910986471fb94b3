/// An item as the source cache keeps it (`StoredModel`): every field but the body, and but
/// `isBundle`, which the file's path says.
extension CollectionItem: StoredModel {
    static var blank: CollectionItem { CollectionItem(collection: "", slug: "", values: [:], body: "") }

    mutating func walkStoredFields(_ record: inout some StoredRecord) {
        record.text(&collection)
        record.text(&slug)
        record.layout(&layout)
        record.texts(&aliases)
        record.values(&values)
    }
}
