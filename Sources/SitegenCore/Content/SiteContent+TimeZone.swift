import Foundation

// Dates written without an offset (`2025-03-02 18:30`) placed in the site's `timezone:`,
// in every model's date fields, as the loader adds each model to the site's content.

extension Post {
    /// The post with its dates written without an offset placed in `zone`.
    func placed(in zone: TimeZone) -> Post {
        var post = self
        // Set only when placing changes it (a date written without an offset): the post shares
        // its fields with the source cache's entry, and setting one copies them all.
        if let date {
            let placed = date.placed(in: zone)
            if placed != date { post.date = placed }
        }
        // `updated` and the date fields a site adds to posts.
        if let placed = FieldValue.placed(post.fieldValues, in: zone) { post.fieldValues = placed }
        return post
    }
}

/// A model with fields `site.yml` adds to it (`collections: menu: fields:`).
protocol AddedFieldValues {
    var fieldValues: [String: FieldValue] { get set }
}

extension MenuItem: AddedFieldValues {}
extension Profile: AddedFieldValues {}

extension AddedFieldValues {
    /// The model with the date fields a site adds to it, when written without an offset, placed in `zone`.
    func placed(in zone: TimeZone) -> Self {
        guard let placed = FieldValue.placed(fieldValues, in: zone) else { return self }
        var model = self
        model.fieldValues = placed
        return model
    }
}

extension FieldValue {
    /// `values` with each date written without an offset placed in `zone`; `nil` when none is
    /// (the common case: a model's values are then left as they are, not copied).
    static func placed(_ values: [String: FieldValue], in zone: TimeZone) -> [String: FieldValue]? {
        var result: [String: FieldValue]? = nil
        for (name, value) in values {
            guard case .date(let date) = value else { continue }
            let placed = date.placed(in: zone)
            if placed != date {
                if result == nil { result = values }
                result![name] = .date(placed)
            }
        }
        return result
    }
}

extension PlainPage {
    /// The page with its `updated` date, when written without an offset, placed in `zone`.
    func placed(in zone: TimeZone) -> PlainPage {
        guard let updated else { return self }
        var page = self
        page.updated = updated.placed(in: zone)
        return page
    }
}
