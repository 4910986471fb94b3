extension PagePlanner {
    /// The pages of the declared collections: each one's list (cut by its `paginate`, else the
    /// site's), a page per item, a list per term of each taxonomy field, and each taxonomy
    /// field's page of its terms (when it has any).
    static func collectionPages(
        _ content: SiteContent, templates: CollectionTemplates, paths: SitePaths, strings: ThemeStrings
    ) -> [PlannedPage] {
        var pages: [PlannedPage] = []
        let declared = content.settings.collections.declared
        func addList(
            _ segments: [String], _ schema: CollectionSchema, _ title: String, _ owner: PostList.Owner, _ count: Int
        ) {
            let perPage = schema.paginate ?? content.settings.paginate
            for list in PostList.pages(of: owner, count: count, perPage: perPage) {
                let folder = segments + list.folder
                let pageTitle =
                    list.number == 1
                    ? title : strings.format("page_title_n", ["title": title, "n": String(list.number)])
                pages.append(
                    PlannedPage(
                        output: folder.joined(separator: "/") + "/index.html",
                        template: templates.list(of: schema.name),
                        source: nil, title: pageTitle, kind: schema.name, url: paths.link(folder), item: .list(list)))
            }
        }
        for (collection, schema) in declared.enumerated() {
            let items = content.items[schema.name] ?? []
            addList([schema.name], schema, schema.title, .collection(collection), items.count)
            for (index, item) in items.enumerated() {
                pages.append(
                    PlannedPage(
                        output: "\(schema.name)/\(item.slug)/index.html", template: templates.item(of: schema.name),
                        source: item.sourcePath, title: item.displayTitle, kind: schema.name,
                        url: paths.link([schema.name, item.slug]), item: .entry(collection: collection, index: index),
                        layout: item.layout))
            }
        }
        let terms = CollectionTerms(content: content).terms
        for (index, term) in terms.enumerated() {
            let schema = declared[term.collection]
            let title = strings.format("term_title", ["collection": schema.title, "term": term.name])
            addList(CollectionTerms.segments(of: term, in: schema), schema, title, .term(index), term.items.count)
        }
        for (collection, schema) in declared.enumerated() {
            for field in schema.fields where field.isTaxonomy {
                guard terms.contains(where: { $0.collection == collection && $0.field == field.name }) else { continue }
                let title = strings.format("terms_title", ["collection": schema.title, "field": field.label])
                pages.append(
                    PlannedPage(
                        output: "\(schema.name)/\(field.name)/index.html", template: templates.terms(of: schema.name),
                        source: nil, title: title, kind: schema.name, url: paths.link([schema.name, field.name]),
                        item: .terms(collection: collection, field: field.name)))
            }
        }
        return pages
    }
}
