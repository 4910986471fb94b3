/// What an item's value holds for the head of its page (`PageHead` reads them): its own
/// description, the picture its link previews show, and when it was last changed.
extension SiteValues {
    /// The keys, made once.
    enum HeadKeys {
        static let metaDescription: TemplateKey = "meta_description"
        static let shareImage: TemplateKey = "share_image"
        static let updated: TemplateKey = "updated"
        static let updatedISO: TemplateKey = "updated_iso"
        static let updatedText: TemplateKey = "updated_text"
    }

    /// What an item's head values are made with besides the item.
    struct HeadContext: Sendable {
        let paths: SitePaths
        let strings: ThemeStrings
        /// The published images' sizes, by output path.
        let sizes: [String: ImageSize]
    }

    /// `meta_description`, `share_image` and (when it has a date) `updated`, `updated_iso` and
    /// `updated_text` ("updated March 3, 2025"), set in `value`.
    static func addHead(
        to value: inout [TemplateKey: TemplateValue], description: String?, excerpt: String,
        image: ImageReference?, body: BodyImage?, updated: ContentDate?, source: String, alt: String,
        _ context: HeadContext, describing: Bool = true
    ) {
        if describing { value[HeadKeys.metaDescription] = metaDescription(of: description, excerpt: excerpt) }
        value[HeadKeys.shareImage] = shareImage(image, body: body, source: source, alt: alt, context)
        guard let updated else { return }
        let shown = context.strings.date(updated)
        value[HeadKeys.updated] = .string(shown)
        value[HeadKeys.updatedISO] = .string(updated.rfc3339)
        value[HeadKeys.updatedText] = .string(context.strings.format("updated_on", ["date": shown]))
    }

    /// `meta_description`: the item's description, else its excerpt cut near 160 columns; `null` for neither.
    /// (A post's is a lazy value of its own, made by `SiteModel.ItemMaker`, which passes `describing: false`.)
    static func metaDescription(of description: String?, excerpt: String) -> TemplateValue {
        PageDescription.of(description: description, excerpt: excerpt).map(TemplateValue.string) ?? .null
    }

    /// The first image field's value of an item, in its schema's order.
    static func firstImage(_ values: [String: FieldValue], of schema: CollectionSchema) -> ImageReference? {
        for spec in schema.fields where spec.type == .image {
            if case .image(let image)? = values[spec.name] { return image }
        }
        return nil
    }

    /// `share_image`: the image field's picture, else the first one the body shows: its absolute
    /// `url`, `width` and `height` when known, and `alt` (the item's title); `null` for neither.
    private static func shareImage(
        _ image: ImageReference?, body: BodyImage?, source: String, alt: String, _ context: HeadContext
    ) -> TemplateValue {
        let paths = context.paths
        let url: String
        let size: ImageSize?
        if let image {
            let resolved = CollectionImages.resolve(image, source: source, root: paths.root)
            url = resolved.output == nil ? image.source : resolved.url
            size = resolved.output.flatMap { context.sizes[$0] }
        } else if let body {
            url =
                paths.root
                + body.output.split(separator: "/").map { SitePaths.percentEncoded(String($0)) }
                .joined(separator: "/")
            size = body.size
        } else {
            return .null
        }
        let absolute =
            url.hasPrefix("//") ? "https:" + url : URLFieldRules.isAbsolute(url) ? url : paths.absolute(url)
        return .object([
            "url": .string(absolute), "width": size.map { .int($0.width) } ?? .null,
            "height": size.map { .int($0.height) } ?? .null, "alt": .string(alt),
        ])
    }
}

/// The first local image a Markdown body shows, with its size: what its page's link previews
/// show when the item names no image of its own.
struct BodyImage: Sendable, Hashable {
    /// Its output path: `posts/trip/photo.jpg`.
    let output: String
    let size: ImageSize
}
