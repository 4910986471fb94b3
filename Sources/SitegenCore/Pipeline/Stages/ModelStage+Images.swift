/// The model stage's images: the sizes of the published ones, the photos' copies, and the
/// image fields naming none.
extension ModelStage {
    /// The size of every published image, with the photos' copies made (or found in the cache).
    func publishImages(_ content: SiteContent) -> (ImageSizes, ResponsiveImages) {
        var images = ImageSizes.measure(content.files, siteRoot: options.siteRoot.path)
        let photos = ResponsiveImages.prepare(
            // An image whose header sitegen cannot read itself is published as it is, with its warning.
            content.files.filter { images.sizes[$0.output] != nil && !images.damaged.contains($0.output) },
            sizes: images.sizes, settings: content.settings.images,
            siteRoot: options.siteRoot.path, cache: imageCache, published: Set(content.files.map(\.output)))
        images.take(photos)
        return (images, photos)
    }

    /// An error at each image field naming a local image the site does not publish.
    static func missingImages(_ content: SiteContent) -> [Diagnostic] {
        let collections = content.settings.collections
        let declaresImages = (collections.builtIn + collections.declared).contains { schema in
            schema.fields.contains { $0.type == .image }
        }
        let siteImage = content.settings.image.map { ["image": FieldValue.image($0)] }
        guard declaresImages || siteImage != nil else { return [] }
        let published = Set(content.files.map(\.output))
        let root = content.settings.rootPath
        let values =
            content.items.values.joined().map { ($0.values, $0.sourcePath) }
            + content.posts.map { ($0.fieldValues, $0.sourcePath) }
            + content.menu.map { ($0.fieldValues, $0.sourcePath) }
            + content.profiles.map { ($0.fieldValues, $0.sourcePath) }
        return (values + (siteImage.map { [($0, "site.yml")] } ?? [])).flatMap { values, source in
            CollectionImages.problems(values, source: source, root: root, published: published)
        }
    }
}
