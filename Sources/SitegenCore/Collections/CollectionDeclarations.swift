/// Reads `collections:` in `site.yml` into a site's schemas: each declared collection and
/// each built-in kind's added fields, every mistake an error at its line and column.
enum CollectionDeclarations {
    /// The site's collections; the built-in kinds alone when `site.yml` declares none.
    static func read(_ fields: inout FieldReader) -> SiteCollections {
        var collections = SiteCollections()
        guard let node = fields.node("collections") else { return collections }
        guard let pairs = node.pairs else {
            fields.report(
                "collections must be a mapping of names to collections, like events: {fields: {title: text}}, "
                    + "found \(node.kindName)", at: node)
            return collections
        }
        for pair in pairs {
            guard let name = collectionName(pair.key, &fields) else { continue }
            if let index = collections.builtIn.firstIndex(where: { $0.name == name }) {
                collections.builtIn[index] = extended(collections.builtIn[index], by: pair.value, &fields)
            } else if let schema = declared(name, pair.value, &fields) {
                collections.declared.append(schema)
            }
        }
        return collections
    }

    /// A collection's name, or `nil` (with an error) when it cannot name a folder of its own.
    private static func collectionName(_ key: YAMLNode, _ fields: inout FieldReader) -> String? {
        guard let name = key.scalarText else {
            fields.report("a collection's name must be text, found \(key.kindName)", at: key)
            return nil
        }
        if BuiltInCollections.schema(named: name) != nil { return name }
        guard isName(name, lowerCase: true, first: { $0.isLowercase || $0.isNumber }) else {
            fields.report(
                "collection name \(FieldReader.quoted(key)) must be lower-case letters, digits, - and _, starting with "
                    + "a letter or digit (it names the folder content/NAME/ and the address /NAME/)", at: key)
            return nil
        }
        if BuiltInCollections.reservedNames.contains(name) {
            fields.report(
                "collection name \(FieldReader.quoted(key)) is taken by sitegen's own files (/\(name)); choose another",
                at: key)
            return nil
        }
        return name
    }

    /// Whether `text` is ASCII letters, digits, `-` and `_`, starting as `first` allows
    /// (a collection's name, which is a folder and an address, lower-case only).
    private static func isName(_ text: String, lowerCase: Bool = false, first: (Character) -> Bool) -> Bool {
        guard let head = text.first, head.isASCII, first(head) else { return false }
        return text.allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") && !(lowerCase && $0.isUppercase)
        }
    }

    /// The settings a collection's mapping may hold.
    private static let settingNames: Set<String> = ["title", "fields", "sort", "paginate", "feed"]

    /// A declared collection, or `nil` when its declaration is not a mapping.
    private static func declared(_ name: String, _ node: YAMLNode, _ fields: inout FieldReader) -> CollectionSchema? {
        guard settings(of: name, node, &fields) != nil else { return nil }
        var title: String?
        if let titleNode = node["title"] {
            if let text = titleNode.scalarText, !text.allSatisfy(\.isWhitespace) {
                title = text
            } else {
                fields.report("title of \(name) must be text, got \(FieldReader.quoted(titleNode))", at: titleNode)
            }
        }
        let specs = node["fields"].map { fieldSpecs(of: name, $0, existing: [], &fields) } ?? []
        var schema = CollectionSchema(name: name, title: title, fields: specs)
        if let sortNode = node["sort"], let sort = sort(of: schema, sortNode, &fields) { schema.sort = sort }
        if let paginateNode = node["paginate"] {
            if let count = FieldReader.wholeNumber(in: paginateNode), count >= 0 {
                schema.paginate = count
            } else {
                fields.report(
                    "paginate of \(name) must be a number of items per page (0 for one page), got "
                        + FieldReader.quoted(paginateNode), at: paginateNode)
            }
        }
        if let feedNode = node["feed"] {
            if case .bool(let feed) = feedNode.scalarValue {
                schema.feed = feed
                if feed, !specs.contains(where: { $0.type == .date }) {
                    fields.report("feed: true needs a date field in \(name): a feed's entries are dated", at: feedNode)
                }
            } else {
                fields.report(
                    "feed of \(name) must be true or false, got \(FieldReader.quoted(feedNode))", at: feedNode)
            }
        }
        return schema
    }

    /// A built-in kind with the fields `site.yml` adds; its own settings are not for changing.
    private static func extended(_ schema: CollectionSchema, by node: YAMLNode, _ fields: inout FieldReader)
        -> CollectionSchema
    {
        guard let pairs = settings(of: schema.name, node, &fields) else { return schema }
        for pair in pairs where pair.key.scalarText != "fields" {
            fields.report(
                "\(schema.name) is built in: site.yml can add fields to it, not change its \(pair.key.scalarText ?? "")",
                at: pair.key)
        }
        var extended = schema
        if let fieldsNode = node["fields"] {
            let added = fieldSpecs(of: schema.name, fieldsNode, existing: schema.fieldNames, &fields)
            for spec in added where spec.isTaxonomy {
                let place = fieldsNode[spec.name]?["taxonomy"] ?? fieldsNode
                fields.report(
                    "taxonomy: true is for the collections site.yml declares; \(schema.name) is built in", at: place)
            }
            extended.fields += added
        }
        return extended
    }

    /// A collection's settings, each checked to be one sitegen knows; `nil` when they are not a mapping.
    private static func settings(of name: String, _ node: YAMLNode, _ fields: inout FieldReader) -> [YAMLPair]? {
        guard let pairs = node.pairs else {
            fields.report(
                "collection \(name) must be a mapping of settings (title, fields, sort, paginate, feed), "
                    + "found \(node.kindName)", at: node)
            return nil
        }
        fields.reportUnknownSettings(
            in: pairs, of: "collection \(name)", known: settingNames, listed: "title, fields, sort, paginate, feed")
        return pairs
    }

    /// The fields of `fields:`, each checked; `existing` are a built-in kind's own, not to be declared again.
    private static func fieldSpecs(
        of collection: String, _ node: YAMLNode, existing: [String], _ fields: inout FieldReader
    ) -> [FieldSpec] {
        guard let pairs = node.pairs else {
            fields.report(
                "fields of \(collection) must be a mapping of field names to types, like starts: {type: date}, "
                    + "found \(node.kindName)", at: node)
            return []
        }
        var specs: [FieldSpec] = []
        for pair in pairs {
            guard let name = pair.key.scalarText, isName(name, first: \.isLetter) else {
                fields.report(
                    "field name \(FieldReader.quoted(pair.key)) must be letters, digits, - and _, starting with a "
                        + "letter (templates read it as page.item.NAME)", at: pair.key)
                continue
            }
            if let builtIn = BuiltInCollections.schema(named: collection)?.field(named: name),
                BuiltInCollections.postFieldValues.contains(where: { $0.name == name }),
                FieldDeclaration.read(name, pair.value, &fields)?.type == builtIn.type
            {
                continue  // A post's `image` and `updated` were once added this way: the declaration is kept working.
            }
            if existing.contains(name) {
                fields.report(
                    "\(collection) already has a field \"\(name)\"; site.yml can only add fields it does not have",
                    at: pair.key)
                continue
            }
            if BuiltInCollections.reservedFieldNames.contains(name) {
                let names = BuiltInCollections.reservedFieldNames.sorted().joined(separator: ", ")
                fields.report(
                    "field name \"\(name)\" is taken: every item has it (\(names))", at: pair.key)
                continue
            }
            if let spec = FieldDeclaration.read(name, pair.value, &fields) { specs.append(spec) }
        }
        return specs
    }

    /// `sort: {by: FIELD, order: ascending | descending}`.
    private static func sort(of schema: CollectionSchema, _ node: YAMLNode, _ fields: inout FieldReader)
        -> CollectionSort?
    {
        guard let pairs = node.pairs else {
            fields.report(
                "sort of \(schema.name) must be a mapping like {by: starts, order: ascending}, found \(node.kindName)",
                at: node)
            return nil
        }
        for pair in pairs where pair.key.scalarText != "by" && pair.key.scalarText != "order" {
            fields.report("sort has no setting \(FieldReader.quoted(pair.key)) (by, order)", at: pair.key)
        }
        var sort = schema.sort
        var failed = false
        if let byNode = node["by"] {
            let by = byNode.scalarText ?? ""
            let sortable = ["slug"] + schema.fieldNames
            if !sortable.contains(by) {
                let hint = FieldReader.nearMiss(of: by, among: Set(sortable)).map { "; did you mean \"\($0)\"?" } ?? ""
                fields.report(
                    "sort.by names no field of \(schema.name): \(FieldReader.quoted(byNode))\(hint)", at: byNode)
                failed = true
            } else if schema.field(named: by)?.type == .list {
                fields.report("sort.by cannot be \(by): it is a list", at: byNode)
                failed = true
            } else {
                sort = CollectionSort(by: by, order: .ascending)
            }
        } else {
            fields.report("sort of \(schema.name) needs by: the field to sort by", at: node)
            failed = true
        }
        if let orderNode = node["order"] {
            if let order = orderNode.scalarText.flatMap(CollectionSort.Order.init(rawValue:)) {
                sort.order = order
            } else {
                fields.report(
                    "sort.order must be ascending or descending, got \(FieldReader.quoted(orderNode))", at: orderNode)
                failed = true
            }
        }
        return failed ? nil : sort
    }
}
