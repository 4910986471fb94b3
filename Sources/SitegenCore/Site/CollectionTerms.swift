/// The terms of every taxonomy field of the declared collections (`speakers: {type: list,
/// taxonomy: true}`), each with the items that name it: what term pages list. Spellings that
/// fold to one page segment (as tags do, `GroupName.key`) are one term, named as first met.
struct CollectionTerms: Sendable {
    /// One term of one field.
    struct Term: Sendable {
        /// The collection's place in `site.yml`.
        var collection: Int
        /// The taxonomy field.
        var field: String
        /// The term as its first item (in the list's order) writes it.
        var name: String
        /// Its page's folder under `/<collection>/<field>/`.
        var segment: String
        /// Its items, by index into the collection's sorted items.
        var items: [Int]
    }

    /// Every term, by collection, then field (in declared order), then segment.
    let terms: [Term]

    /// The terms of `content`'s collections.
    init(content: SiteContent) {
        var terms: [Term] = []
        for (collection, schema) in content.settings.collections.declared.enumerated() {
            let items = content.items[schema.name] ?? []
            for field in schema.fields where field.isTaxonomy {
                var bySegment: [String: Int] = [:]
                var found: [Term] = []
                for (index, item) in items.enumerated() {
                    guard case .list(let names)? = item.values[field.name] else { continue }
                    for name in names {
                        let segment = GroupName.segment(ofKey: GroupName.key(name))
                        if let known = bySegment[segment] {
                            if found[known].items.last != index { found[known].items.append(index) }
                        } else {
                            bySegment[segment] = found.count
                            found.append(
                                Term(
                                    collection: collection, field: field.name, name: name, segment: segment,
                                    items: [index]))
                        }
                    }
                }
                terms += found.sorted { $0.segment < $1.segment }
            }
        }
        self.terms = terms
    }

    /// The folders of a term's page.
    static func segments(of term: Term, in schema: CollectionSchema) -> [String] {
        [schema.name, term.field, term.segment]
    }
}
