import Foundation

extension CollectionSort {
    /// Whether `a` comes before `b` on the list page: by the sort field's values (an item
    /// without one last, whichever the order), then by slug, so that the order is total.
    func orders(_ a: CollectionItem, before b: CollectionItem, in schema: CollectionSchema) -> Bool {
        let (x, y) = by == "slug" ? (FieldValue.text(a.slug), FieldValue.text(b.slug)) : (a.values[by], b.values[by])
        switch (x, y) {
        case (let x?, let y?):
            let choices = schema.field(named: by)?.choices ?? []
            if Self.precedes(x, y, choices: choices) { return order == .ascending }
            if Self.precedes(y, x, choices: choices) { return order == .descending }
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): break
        }
        return a.slug < b.slug
    }

    /// Whether `x` is less than `y`, both of one field: numbers and dates by value, a choice by its place in `of:`.
    private static func precedes(_ x: FieldValue, _ y: FieldValue, choices: [String]) -> Bool {
        switch (x, y) {
        case (.integer(let x), .integer(let y)): return x < y
        case (.number(let x), .number(let y)): return x < y
        case (.date(let x), .date(let y)): return x.secondsSince1970 < y.secondsSince1970
        case (.boolean(let x), .boolean(let y)): return !x && y
        case (.choice(let x), .choice(let y)):
            return (choices.firstIndex(of: x) ?? choices.count) < (choices.firstIndex(of: y) ?? choices.count)
        default: return x.plainText < y.plainText
        }
    }
}

extension CollectionItem {
    /// The item with its dates placed in the site's time zone (as a post's date is).
    func placed(in zone: TimeZone) -> CollectionItem {
        var placed = self
        for (name, value) in values {
            if case .date(let date) = value { placed.values[name] = .date(date.placed(in: zone)) }
        }
        return placed
    }
}
