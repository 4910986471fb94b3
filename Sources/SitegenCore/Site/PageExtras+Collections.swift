extension PageExtras {
    /// A page of a declared collection's list, or of a term's: `page.pagination` (its share of
    /// the items), `page.collection` (`name`, `title`, `url`, `count_text`) and, on a term's
    /// page, `page.term` (`field`, `name`, `url`, `count_text`).
    static func collectionList(_ list: PostList, in context: Context) -> PageExtras {
        let (paths, strings) = (context.paths, context.strings)
        let declared = context.content.settings.collections.declared
        let collection: Int
        let indices: [Int]
        let segments: [String]
        var term: CollectionTerms.Term?
        switch list.owner {
        case .collection(let index):
            (collection, indices, segments) = (index, Array(list.range), [declared[index].name])
        case .term(let index):
            guard let found = context.terms?.terms[index] else { preconditionFailure("a term page without terms") }
            term = found
            collection = found.collection
            indices = Array(found.items[list.range])
            segments = CollectionTerms.segments(of: found, in: declared[collection])
        case .all, .tag, .author: preconditionFailure("not a collection's list")
        }
        let schema = declared[collection]
        let all = context.collections[collection]
        let items = indices.map { all[$0] }
        var identity = StableHash()
        identity.combine(schema.name)
        identity.combine(schema.title)
        identity.combine(UInt64(all.count))
        identity.combine(term?.field ?? "")
        identity.combine(term?.name ?? "")
        identity.combine(UInt64(list.number))
        identity.combine(UInt64(list.pageCount))
        identity.combine(UInt64(list.total))
        for item in items { identity.combine(Self.identity(of: item)) }
        let shownTerm = term
        return PageExtras(identity: identity.value) {
            var fields: [TemplateKey: TemplateValue] = [
                "pagination": list.value(
                    items: items, segments: segments, paths: paths, strings: strings, countKey: "item_count"),
                "collection": collectionValue(schema, count: all.count, paths: paths, strings: strings),
            ]
            // The preview's form for a new item (`partials/item-new`, shown only while editing).
            if shownTerm == nil { fields["new_form"] = EditFormFields.new(schema) }
            if let term = shownTerm {
                fields["term"] = .object([
                    "field": .string(term.field), "name": .string(term.name), "url": .string(paths.link(segments)),
                    "count_text": .string(strings.count(term.items.count, "item_count")),
                    "field_label": .string(schema.field(named: term.field)?.label ?? term.field),
                    "field_url": .string(paths.link([schema.name, term.field])),
                ])
            }
            return fields
        }
    }

    /// The page of a taxonomy field's terms (`/events/speakers/`): `page.collection` (as on its
    /// list), `page.field` (`name`, `label`) and `page.terms`, each term's `name`, `url`, `count`
    /// and `count_text`, in the order of their pages' folders.
    static func terms(of field: String, in collection: Int, _ context: Context) -> PageExtras {
        let (paths, strings) = (context.paths, context.strings)
        let schema = context.content.settings.collections.declared[collection]
        let all = context.collections[collection]
        let terms = (context.terms?.terms ?? []).filter { $0.collection == collection && $0.field == field }
        let label = schema.field(named: field)?.label ?? field
        var identity = StableHash()
        identity.combine(schema.name)
        identity.combine(schema.title)
        identity.combine(UInt64(all.count))
        identity.combine(field)
        identity.combine(label)
        for term in terms {
            identity.combine(term.name)
            identity.combine(term.segment)
            identity.combine(UInt64(term.items.count))
        }
        return PageExtras(identity: identity.value) {
            let shown: [TemplateValue] = terms.map { term in
                .object([
                    "name": .string(term.name), "url": .string(paths.link([schema.name, field, term.segment])),
                    "count": .int(term.items.count),
                    "count_text": .string(strings.count(term.items.count, "item_count")),
                ])
            }
            return [
                "collection": collectionValue(schema, count: all.count, paths: paths, strings: strings),
                "field": .object(["name": .string(field), "label": .string(label)]),
                "terms": .list(shown),
                "has_terms": .bool(!shown.isEmpty),
            ]
        }
    }

    /// `page.collection` on its list, term and terms pages: `name`, `title`, `url`, `count_text`.
    private static func collectionValue(
        _ schema: CollectionSchema, count: Int, paths: SitePaths, strings: ThemeStrings
    ) -> TemplateValue {
        .object([
            "name": .string(schema.name), "title": .string(schema.title), "url": .string(paths.link([schema.name])),
            "count_text": .string(strings.count(count, "item_count")),
        ])
    }
}
