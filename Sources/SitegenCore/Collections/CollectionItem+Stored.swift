/// An item as the source cache stores it: texts that read back into the same item (the body
/// is not kept), so an unchanged file is not parsed again.
extension CollectionItem {
    /// The item's fields as texts: collection, slug, layout, aliases, then its values (`FieldValue.stored`).
    var storedFields: [String] {
        [collection, slug, layout.map { "+" + $0 } ?? "-", aliases.joined(separator: "\u{1F}")]
            + FieldValue.stored(values)
    }

    /// The item `storedFields` wrote; `nil` for texts it did not write.
    init?(storedFields fields: [String]) {
        guard fields.count >= 4, let values = FieldValue.values(stored: fields.dropFirst(4)) else { return nil }
        let layout = fields[2].first == "+" ? String(fields[2].dropFirst()) : nil
        let aliases = fields[3].isEmpty ? [] : fields[3].split(separator: "\u{1F}", omittingEmptySubsequences: false)
        self.init(
            collection: fields[0], slug: fields[1], values: values, body: "", layout: layout,
            aliases: aliases.map(String.init))
    }
}
