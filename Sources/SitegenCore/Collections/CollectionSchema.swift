/// A kind of content: its folder (`content/<name>/`), its fields in declared order, and how
/// its list page is sorted and cut. Built-in kinds (posts, menu, profiles) are schemas too
/// (`BuiltInCollections`), which `site.yml` may extend with fields of its own.
package struct CollectionSchema: Sendable, Hashable {
    /// The collection's key in `site.yml`: its folder under `content/` and its URL segment.
    package var name: String
    /// The list page's heading and the nav's name (`title:`; the name by default).
    package var title: String
    /// Every field, in declared order: a built-in kind's own first, then those `site.yml` adds.
    package var fields: [FieldSpec]
    /// How the list page orders items.
    package var sort: CollectionSort
    /// Items per list page (`paginate:`); `nil` for the site's `paginate`.
    package var paginate: Int?
    /// Whether the items go into `feed.xml` (`feed: true`).
    package var feed = false
    /// Whether sitegen declares this kind itself (posts, menu, profiles).
    package var isBuiltIn = false

    /// A schema; sorted by `CollectionSort.default(for:)` unless told otherwise.
    package init(name: String, title: String? = nil, fields: [FieldSpec], sort: CollectionSort? = nil) {
        self.name = name
        self.title = title ?? name
        self.fields = fields
        self.sort = sort ?? CollectionSort.default(for: fields)
    }

    /// The field named `name`, if the collection has one.
    package func field(named name: String) -> FieldSpec? { fields.first { $0.name == name } }

    /// The names of every field, in declared order.
    package var fieldNames: [String] { fields.map(\.name) }

    /// The fields `site.yml` added to a built-in kind (for a declared collection, all of them).
    package var declaredFields: [FieldSpec] {
        guard isBuiltIn, let builtIn = BuiltInCollections.schema(named: name) else { return fields }
        return Array(fields.dropFirst(builtIn.fields.count))
    }
}

/// How a list page orders its items: by a field, ascending or descending.
package struct CollectionSort: Sendable, Hashable {
    /// Which way.
    package enum Order: String, Sendable, Hashable, CaseIterable {
        /// Smallest (or earliest, or first in the alphabet) first.
        case ascending
        /// Largest (or latest) first.
        case descending
    }

    /// The field sorted by; `slug` (the file's name) when the collection has neither date nor title.
    package var by: String
    /// Which way.
    package var order: Order

    /// A sort by a field.
    package init(by: String, order: Order) {
        self.by = by
        self.order = order
    }

    /// Newest first by the first date field, if there is one; else by title (or the file's name), A to Z.
    package static func `default`(for fields: [FieldSpec]) -> CollectionSort {
        if let date = fields.first(where: { $0.type == .date }) {
            return CollectionSort(by: date.name, order: .descending)
        }
        if fields.contains(where: { $0.name == "title" }) { return CollectionSort(by: "title", order: .ascending) }
        return CollectionSort(by: "slug", order: .ascending)
    }
}
