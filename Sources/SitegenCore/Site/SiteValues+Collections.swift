/// The values of declared collections' items: `page.item.<field>` for each field, the item's
/// link and content, and `fields`, every field in declared order for the generic templates.
extension SiteValues {
    /// What an item's value is made with besides the item.
    struct FieldContext: Sendable {
        let paths: SitePaths
        let strings: ThemeStrings
        let markdown: MarkdownStage
        /// Whether the preview's editing controls are shown: then an item holds its form (`edit_form`).
        var editing = false
    }

    /// An item of a declared collection: `slug`, `url`, `title`, `content`, `excerpt`, `item` (its
    /// fields by name) and `fields` (each shown field, for templates that show them all).
    static func collectionItem(
        _ item: CollectionItem, schema: CollectionSchema, html: TemplateValue, excerpt: String, context: FieldContext,
        feedAuthor: String, head: HeadContext, body: BodyImage? = nil
    ) -> TemplateValue {
        let paths = context.paths
        let url = paths.link([schema.name, item.slug])
        var value: [TemplateKey: TemplateValue] = [
            "slug": .string(item.slug),
            "source": .string(item.sourcePath),
            "collection": .string(schema.name),
            "collection_title": .string(schema.title),
            "collection_url": .string(paths.link([schema.name])),
            "url": .string(url),
            "absolute_url": .string(paths.absolute(url)),
            "title": .string(item.displayTitle),
            "content": html,
            "excerpt": .string(excerpt),
            "username": .string(feedAuthor),
        ]
        if let date = schema.feedDate(of: item) {
            value["date"] = .string(context.strings.date(date))
            value["date_iso"] = .string(date.rfc3339)
        }
        var description: String?
        if schema.field(named: "description")?.type == .text, case .text(let text)? = item.values["description"] {
            description = text
        }
        var updated: ContentDate?
        if case .date(let date)? = item.values["updated"] { updated = date }
        addHead(
            to: &value, description: description, excerpt: excerpt, image: firstImage(item.values, of: schema),
            body: body, updated: updated, source: item.sourcePath, alt: item.displayTitle, head)
        let fields = fieldValues(item.values, of: schema, source: item.sourcePath, title: item.displayTitle, context)
        value["item"] = .object(fields.byName)
        value["fields"] = .list(fields.shown)
        value["has_fields"] = .bool(!fields.shown.isEmpty)
        if context.editing {
            value["edit_form"] = EditFormFields.edit(schema, values: item.values, source: item.sourcePath)
        }
        return .object(value)
    }

    /// The template values of `values`: by name (`page.item.<field>`), and in declared order for
    /// the generic templates (all but `title`, which they show as the heading) when `listing`.
    static func fieldValues(
        _ values: [String: FieldValue], of schema: CollectionSchema, source: String, title: String,
        _ context: FieldContext, listing: Bool = true
    ) -> (byName: [TemplateKey: TemplateValue], shown: [TemplateValue]) {
        var byName: [TemplateKey: TemplateValue] = [:]
        var shown: [TemplateValue] = []
        for spec in schema.fields {
            guard let value = values[spec.name] else { continue }
            let made = fieldValue(value, of: spec, in: schema, source: source, title: title, context)
            byName[TemplateKey(spec.name)] = made
            if case .date(let date) = value { byName[TemplateKey(spec.name + "_iso")] = .string(date.rfc3339) }
            if listing, spec.name != "title" || schema.isBuiltIn {
                shown.append(.object(shownField(value, made: made, of: spec, context)))
            }
        }
        return (byName, shown)
    }

    /// One field's value as templates read it (`page.item.<field>`).
    private static func fieldValue(
        _ value: FieldValue, of spec: FieldSpec, in schema: CollectionSchema, source: String, title: String,
        _ context: FieldContext
    ) -> TemplateValue {
        switch value {
        case .text(let text), .choice(let text): return .string(text)
        case .integer(let number): return .int(number)
        case .number(let number): return .double(number)
        case .boolean(let flag): return .bool(flag)
        case .date(let date): return .string(context.strings.date(date))
        case .markdown(let text): return .string(context.markdown.inlineHTML(of: text, source: source))
        case .list(let texts):
            guard spec.isTaxonomy else { return .list(texts.map(TemplateValue.string)) }
            return .list(
                texts.map { term in
                    let segment = GroupName.segment(ofKey: GroupName.key(term))
                    // A post's tags have pages of their own, at /tags/<tag>/.
                    let folders = schema.isBuiltIn ? ["tags", segment] : [schema.name, spec.name, segment]
                    return .object(["name": .string(term), "url": .string(context.paths.link(folders))])
                })
        case .url(let written):
            return .string(URLFieldRules.scheme(of: written) == nil ? context.paths.resolve(written) : written)
        case .image(let image):
            let (url, output) = CollectionImages.resolve(image, source: source, root: context.paths.root)
            var fields: [TemplateKey: TemplateValue] = [
                "src": .string(url), "alt": .string(title), "width": .null, "height": .null, "srcset": .null,
                "webp_srcset": .null, "sizes": .null,
            ]
            if let output, let size = context.markdown.images[output] {
                fields["width"] = .int(size.width)
                fields["height"] = .int(size.height)
                // A photo with resized copies: what `<img srcset sizes>` and a WebP `<source>` give.
                if let picture = ResponsivePicture(url: url, output: output, size: size, escaped: false) {
                    fields["srcset"] = .string(picture.sourceSet)
                    fields["webp_srcset"] = picture.webpSourceSet.map(TemplateValue.string) ?? .null
                    fields["sizes"] = .string(ResponsiveImage.sizes)
                }
            }
            return .object(fields)
        }
    }

    /// A field's entry in `fields`, made of its value `made`: `name`, `label`, `text`, and a flag for how to show it
    /// (`is_text`, `is_markdown` with `html`, `is_list` with `items`, `is_url` with `url`, `is_image` with `image`).
    private static func shownField(
        _ value: FieldValue, made: TemplateValue, of spec: FieldSpec, _ context: FieldContext
    ) -> [TemplateKey: TemplateValue] {
        // Every flag set, so that a template's `{{#is_list}}` never finds one further up its stack.
        var shown: [TemplateKey: TemplateValue] = [
            "name": .string(spec.name), "label": .string(spec.label), "is_text": .bool(false), "is_date": .bool(false),
            "is_markdown": .bool(false),
            "is_list": .bool(false), "is_url": .bool(false), "is_image": .bool(false),
        ]
        switch value {
        case .text, .choice:
            shown["text"] = made
            shown["is_text"] = .bool(true)
        case .integer(let number):
            shown["text"] = .string(String(number))
            shown["is_text"] = .bool(true)
        case .number(let number):
            shown["text"] = .string(FieldValue.numberText(number))
            shown["is_text"] = .bool(true)
        case .boolean(let flag):
            shown["text"] = .string(context.strings[flag ? "yes" : "no"])
            shown["is_text"] = .bool(true)
        case .date(let date):
            shown["text"] = made
            shown["iso"] = .string(date.rfc3339)
            shown["is_date"] = .bool(true)
        case .markdown:
            shown["html"] = made
            shown["is_markdown"] = .bool(true)
        case .list(let texts):
            shown["items"] =
                spec.isTaxonomy ? made : .list(texts.map { .object(["name": .string($0), "url": .null]) })
            shown["is_list"] = .bool(!texts.isEmpty)
        case .url(let written):
            shown["url"] = made
            shown["text"] = .string(written)
            shown["is_url"] = .bool(true)
        case .image:
            shown["image"] = made
            shown["is_image"] = .bool(true)
        }
        return shown
    }

    /// One collection as `site.collections.<name>` lists it.
    struct CollectionListing {
        /// The collection's name: its folder and its key under `site.collections`.
        let name: String
        /// Its list page's heading.
        let title: String
        /// Its items' values, in its order.
        let items: [TemplateValue]
        /// The theme's words for how many (`item_count`, `post_count` …).
        let countKey: String
    }

    /// `site.collections.<name>` for every collection, built-in (`posts`, `menu`, `profiles`) and
    /// declared: `name`, `title`, `url`, `items` (in the collection's order), `has_items`, `count`
    /// and `count_text`.
    static func collections(_ listings: [CollectionListing], paths: SitePaths, strings: ThemeStrings)
        -> TemplateValue
    {
        var value: [TemplateKey: TemplateValue] = [:]
        for listing in listings {
            value[TemplateKey(listing.name)] = .object([
                "name": .string(listing.name),
                "title": .string(listing.title),
                "url": .string(paths.link([listing.name])),
                "items": .list(listing.items),
                "has_items": .bool(!listing.items.isEmpty),
                "count": .int(listing.items.count),
                "count_text": .string(strings.count(listing.items.count, listing.countKey)),
            ])
        }
        return .object(value)
    }
}

extension CollectionSchema {
    /// The date an item is dated by in the feed and on cards: the sort field's when it is a date,
    /// else the first date field's.
    func feedDate(of item: CollectionItem) -> ContentDate? {
        let field = field(named: sort.by).flatMap { $0.type == .date ? $0 : nil } ?? fields.first { $0.type == .date }
        guard let field, case .date(let date)? = item.values[field.name] else { return nil }
        return date
    }
}
