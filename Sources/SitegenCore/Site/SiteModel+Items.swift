/// The items' lazy values: each post's, menu item's, profile's, page's, the primes page's and
/// each declared collection's item's, made on all cores, or the last model's when the item's
/// file did not change.
extension SiteModel {
    /// An item's lazy value and its identities by key hash: its value's, its Markdown's, its
    /// table of contents'. The keys' hashes are worked out where the value is made, on all
    /// cores: the model then only enters them in its table.
    struct Made: Sendable {
        let value: LazyValue
        private let keys: (item: UInt64, content: UInt64, toc: UInt64)
        private let html: UInt64
        /// The keys of its fields' and its description's lazy values (`page.item` and
        /// `meta_description` on a post), 0 for one it does not have.
        private let nestedKeys: (fields: UInt64, description: UInt64)
        /// Made by this model, not taken from the last one.
        var isNew = true

        init(value: LazyValue, html: UInt64, hasFields: Bool = false, hasDescription: Bool = false) {
            self.value = value
            self.html = html
            keys = (value.keyHash, keyHash("content", value.name), keyHash("toc", value.name))
            nestedKeys = (
                hasFields ? keyHash(SiteModel.fieldsKind, value.name) : 0,
                hasDescription ? keyHash(SiteModel.descriptionKind, value.name) : 0
            )
        }

        /// Calls `body` with each identity and its key's hash.
        func forEachIdentity(_ body: (_ key: UInt64, _ identity: UInt64) -> Void) {
            body(keys.item, value.identity)
            body(keys.content, html)
            body(keys.toc, tocIdentity(html))
            // Made of what the item's value is made of: the same identity. (A page reads them inside
            // the item's value, whose identity it checks too; entered so that a check by key finds them.)
            if nestedKeys.fields != 0 { body(nestedKeys.fields, value.identity) }
            if nestedKeys.description != 0 { body(nestedKeys.description, value.identity) }
        }
    }

    /// The kind of a built-in kind's `page.item`, a lazy value of its own: most pages that show a post
    /// never read it, and a rebuild that makes every post's value again (a post added) would make
    /// ten thousand of them.
    static let fieldsKind = "fields"

    /// The kind of a post's `meta_description`, a lazy value of its own for the same reason: cutting
    /// an excerpt to its length, for every post, was most of what an add rebuild added with it.
    static let descriptionKind = "description"

    /// Every item's lazy value, in the content's order.
    struct Items: Sendable {
        var posts: [Made]
        var menu: [Made]
        var profiles: [Made]
        var pages: [Made]
        var primes: Made?
        /// Each declared collection's items, in `site.yml`'s order.
        var collections: [[Made]] = []

        var all: some Sequence<Made> {
            ([posts, menu, profiles, pages, primes.map { [$0] } ?? []] + collections).joined()
        }
    }

    /// Every item's value as templates list it, in the content's order.
    struct ItemValues {
        let posts: [TemplateValue]
        let menu: [TemplateValue]
        let profiles: [TemplateValue]
        let pages: [TemplateValue]
        let primes: TemplateValue?
        /// Each declared collection's items, in `site.yml`'s order.
        let collections: [[TemplateValue]]

        init(_ items: Items) {
            posts = items.posts.map { TemplateValue.lazy($0.value) }
            menu = items.menu.map { TemplateValue.lazy($0.value) }
            profiles = items.profiles.map { TemplateValue.lazy($0.value) }
            pages = items.pages.map { TemplateValue.lazy($0.value) }
            primes = items.primes.map { TemplateValue.lazy($0.value) }
            collections = items.collections.map { $0.map { TemplateValue.lazy($0.value) } }
        }
    }

    /// Every collection's items as `site.collections` lists them: the built-in kinds' in their
    /// own order (posts newest first, the menu by price, profiles by name), then the declared ones'.
    static func listings(_ declared: [CollectionSchema], _ values: ItemValues, sections: SiteSections)
        -> [SiteValues.CollectionListing]
    {
        let strings = sections.strings
        let builtIn = [
            ("posts", values.posts, "post_count"), ("menu", values.menu, "menu_count"),
            ("profiles", values.profiles, "profile_count"),
        ]
        return builtIn.map { name, items, countKey in
            SiteValues.CollectionListing(
                name: name, title: sections.title(of: name, strings: strings), items: items, countKey: countKey)
        }
            + zip(declared, values.collections).map { schema, items in
                SiteValues.CollectionListing(
                    name: schema.name, title: schema.title, items: items, countKey: "item_count")
            }
    }

    /// What an item's lazy value is made of besides the item itself, and which of the last model's to take.
    struct ItemMaker: Sendable {
        let content: SiteContent
        /// What every value depends on (`SiteModel.global`).
        let global: UInt64
        let markdown: MarkdownStage
        /// For each body showing local images, a hash of their sizes.
        let imageDigests: [SourcePath: UInt64]
        /// For each body showing a local image of a known size, the first.
        let bodyImages: [SourcePath: BodyImage]
        let paths: SitePaths
        /// The files changed since the last model; none for a model made in full.
        // Taken out of `reusing` once: closures run thousands of times on both cores, and copying
        // it in each retained the same few objects from both.
        let changedFiles: Set<String>

        /// An item's HTML, rendered when read, and the item's value around it.
        /// `extra` hashes what the value is made of besides the item's fields and excerpt (its images' sizes).
        func item(
            _ key: SourcePath, body: String, excerpt: String, extra: UInt64 = 0,
            fields: (@Sendable () -> TemplateValue)? = nil, description: (@Sendable () -> TemplateValue)? = nil,
            make: @escaping @Sendable (TemplateValue) -> TemplateValue
        ) -> Made {
            let markdown = markdown  // The value's closures hold the stage, not the maker.
            let source = key.text
            let sourceHash = content.sourceHashes[key] ?? 0
            let text = content.unloadedBodies.contains(key) ? nil : body
            let markdownBody = MarkdownStage.Body(source: source, text: text, sourceHash: sourceHash)
            // A body's HTML is made of its file and of the sizes of the images it shows.
            var bodyHash = sourceHash
            if let images = imageDigests[key] {
                var combined = StableHash()
                combined.combine(sourceHash)
                combined.combine(images)
                bodyHash = combined.value
            }
            let htmlIdentity = SiteModel.identity(global, "content", source, bodyHash)
            var modelHash = content.modelHashes[key] ?? 0
            // Its head's picture may be the first image its body shows.
            let bodyImage = bodyImages[key]
            if extra != 0 || bodyImage != nil {
                var combined = StableHash()
                combined.combine(modelHash)
                combined.combine(extra)
                if let bodyImage {
                    combined.combine(bodyImage.output)
                    combined.combine(UInt64(bodyImage.size.width))
                    combined.combine(UInt64(bodyImage.size.height))
                }
                modelHash = combined.value
            }
            let identity = SiteModel.identity(global, "item", source, modelHash, excerpt: excerpt)
            let value = LazyValue(kind: "item", name: source, identity: identity) {
                // Its HTML and table of contents are lazy values of their own, made only when
                // the item's value is: most builds compute few of thousands of items.
                let html = LazyValue(kind: "content", name: source, identity: htmlIdentity, memoizes: false) {
                    .string(markdown.html(of: markdownBody))
                }
                let toc = LazyValue(kind: "toc", name: source, identity: SiteModel.tocIdentity(htmlIdentity)) {
                    TableOfContents.value(markdown.headings(of: markdownBody))
                }
                guard case .object(var values) = make(.lazy(html)) else { return .null }
                values["toc"] = .lazy(toc)
                if let fields {
                    values["item"] = .lazy(
                        LazyValue(kind: SiteModel.fieldsKind, name: source, identity: identity, make: fields))
                }
                if let description {
                    values[SiteValues.HeadKeys.metaDescription] = .lazy(
                        LazyValue(kind: SiteModel.descriptionKind, name: source, identity: identity, make: description))
                }
                return .object(values)
            }
            return Made(
                value: value, html: htmlIdentity, hasFields: fields != nil, hasDescription: description != nil)
        }

        /// The last model's value for the item at `index` of a list, when its file did not change.
        func kept(_ old: [Made]?, _ index: Int, _ source: String) -> Made? {
            guard let old, old.indices.contains(index), !changedFiles.contains(source), old[index].value.name == source
            else { return nil }
            var made = old[index]
            made.isNew = false
            return made
        }

        /// The lazy values of the items of a built-in kind, made on all cores, or the last model's
        /// (`kept`) for a file that did not change. `value` makes the item at an index's value from
        /// its HTML and excerpt, `fields` its `item` and `description` (when given) its
        /// `meta_description`, each made when first read; they capture the site's inputs once, not
        /// each model.
        func builtIn<Model: BuiltInKind>(
            _ models: [Model], kept old: [Made]?, excerpts: [SourcePath: String],
            fields: @escaping @Sendable (_ index: Int) -> TemplateValue,
            description: (@Sendable (_ index: Int, _ excerpt: String) -> TemplateValue)? = nil,
            value: @escaping @Sendable (_ index: Int, _ html: TemplateValue, _ excerpt: String) -> TemplateValue
        ) -> [Made] {
            Array(models.indices).parallelMap { index in
                let model = models[index]
                if let kept = kept(old, index, model.sourcePath) { return kept }
                let key = SourcePath(model.sourcePath)
                let excerpt = excerpts[key] ?? ""
                var describe: (@Sendable () -> TemplateValue)?
                if let description { describe = { description(index, excerpt) } }
                return item(
                    key, body: model.body, excerpt: excerpt, extra: imageDigest(model.fieldValues, key.text),
                    fields: { fields(index) }, description: describe
                ) { value(index, $0, excerpt) }
            }
        }

        /// What a value shows of the images of `values` (read from `source`).
        func imageDigest(_ values: [String: FieldValue], _ source: String) -> UInt64 {
            values.isEmpty
                ? 0 : CollectionImages.digest(values, source: source, root: paths.root, sizes: markdown.images)
        }
    }

    /// Every item's lazy value, made by `maker` on all cores or taken from `previous` (the last model's).
    // The closures capture `inputs` (one reference) and an index, not the models and settings
    // themselves: copying those into each of thousands of closures retained every field of each.
    static func items(
        _ maker: ItemMaker, inputs: Inputs, excerpts: [SourcePath: String], head: SiteValues.HeadContext,
        fieldContext: SiteValues.FieldContext, previous: Items?
    ) -> Items {
        let (content, paths, strings, markdown) = (maker.content, maker.paths, inputs.strings, maker.markdown)
        let bodyImages = maker.bodyImages
        let settings = content.settings
        var items = Items(posts: [], menu: [], profiles: [], pages: [], primes: nil)
        /// A built-in kind's fields: its schema, with those `site.yml` adds.
        func fields(_ kind: CollectionSchema) -> SiteValues.KindFields {
            SiteValues.KindFields(schema: settings.collections.schema(named: kind.name) ?? kind, context: fieldContext)
        }
        let (postFields, menuFields, profileFields) = (
            fields(BuiltInCollections.posts), fields(BuiltInCollections.menu), fields(BuiltInCollections.profiles)
        )
        items.posts = maker.builtIn(
            inputs.content.posts, kept: previous?.posts, excerpts: excerpts,
            fields: { SiteValues.itemFields(of: inputs.content.posts[$0], postFields) },
            description: { index, excerpt in
                SiteValues.metaDescription(of: inputs.content.posts[index].description, excerpt: excerpt)
            },
            value: { index, html, excerpt in
                SiteValues.post(
                    inputs.content.posts[index], url: inputs.postLinks[index], html: html, excerpt: excerpt,
                    paths: inputs.paths, settings: inputs.content.settings, strings: inputs.strings,
                    names: inputs.names, head: head,
                    body: bodyImages[SourcePath(inputs.content.posts[index].sourcePath)])
            })
        items.menu = maker.builtIn(
            inputs.content.menu, kept: previous?.menu, excerpts: excerpts,
            fields: { SiteValues.itemFields(of: inputs.content.menu[$0], menuFields) },
            value: { index, html, excerpt in
                SiteValues.menuItem(
                    inputs.content.menu[index], html: html, excerpt: excerpt, paths: inputs.paths,
                    schema: menuFields.schema, head: head,
                    body: bodyImages[SourcePath(inputs.content.menu[index].sourcePath)])
            })
        items.profiles = maker.builtIn(
            inputs.content.profiles, kept: previous?.profiles, excerpts: excerpts,
            fields: { SiteValues.itemFields(of: inputs.content.profiles[$0], profileFields) },
            value: { index, html, excerpt in
                SiteValues.profile(
                    inputs.content.profiles[index], html: html, excerpt: excerpt, paths: inputs.paths,
                    schema: profileFields.schema, head: head,
                    body: bodyImages[SourcePath(inputs.content.profiles[index].sourcePath)])
            })
        let oldPages = previous?.pages
        items.pages = content.pages.enumerated().map { index, page in
            let key = SourcePath(page.sourcePath)
            let excerpt = excerpts[key] ?? ""
            return maker.kept(oldPages, index, page.sourcePath)
                ?? maker.item(key, body: page.body, excerpt: excerpt) {
                    SiteValues.page(
                        page, html: $0, excerpt: excerpt, paths: paths, head: head, body: bodyImages[key])
                }
        }
        items.primes = content.primes.map { primes in
            if !maker.changedFiles.contains(PrimesPage.sourcePath), var old = previous?.primes {
                old.isNew = false
                return old
            }
            return maker.item(SourcePath(PrimesPage.sourcePath), body: primes.body, excerpt: "") {
                SiteValues.primes(primes, html: $0, paths: paths, strings: strings)
            }
        }
        let declared = content.settings.collections.declared
        let oldCollections = previous?.collections ?? []
        items.collections = declared.enumerated().map { collection, schema in
            let entries = content.items[schema.name] ?? []
            let old = oldCollections.indices.contains(collection) ? oldCollections[collection] : nil
            return entries.enumerated().map { index, entry in
                if let kept = maker.kept(old, index, entry.sourcePath) { return kept }
                let key = SourcePath(entry.sourcePath)
                let excerpt = excerpts[key] ?? ""
                let images = CollectionImages.digest(
                    entry.values, source: entry.sourcePath, root: paths.root, sizes: markdown.images)
                return maker.item(key, body: entry.body, excerpt: excerpt, extra: images) { html in
                    SiteValues.collectionItem(
                        entry, schema: schema, html: html, excerpt: excerpt, context: fieldContext,
                        feedAuthor: settings.title, head: head, body: bodyImages[key])
                }
            }
        }
        return items
    }
}
