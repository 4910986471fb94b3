/// An item's model as the source cache stores it: its kind, then the fields its
/// `StoredModel` walk keeps (the body is not kept), read back without parsing the file again.
extension SourceCache {
    /// A hash of everything the cache keeps of an item: all its fields but the body.
    /// Pages that list items show nothing else of them but their excerpts.
    package static func modelHash(of item: SiteLoader.Item) -> UInt64 {
        var writer = BinaryWriter(capacity: 256)
        write(item, to: &writer)
        var hash = StableHash()
        hash.combine(writer.bytes)
        return hash.value
    }

    /// Appends the item's kind and kept fields to `writer`.
    static func write(_ item: SiteLoader.Item, to writer: inout BinaryWriter) {
        switch item {
        case .post(let post):
            writer.string("post")
            post.writeStoredFields(to: &writer)
        case .menuItem(let item):
            writer.string("menu")
            item.writeStoredFields(to: &writer)
        case .profile(let profile):
            writer.string("profile")
            profile.writeStoredFields(to: &writer)
        case .page(let page):
            writer.string("page")
            page.writeStoredFields(to: &writer)
        case .primes(let primes):
            writer.string("primes")
            primes.writeStoredFields(to: &writer)
        case .item(let item):
            writer.string("item")
            item.writeStoredFields(to: &writer)
        }
    }

    /// The item `write(_:to:)` wrote at the reader's position, with an empty body; `nil` when
    /// the bytes are not one.
    static func item(_ reader: inout BinaryReader) -> SiteLoader.Item? {
        switch reader.string() {
        case "post": Post(readingStoredFields: &reader).map(SiteLoader.Item.post)
        case "menu": MenuItem(readingStoredFields: &reader).map(SiteLoader.Item.menuItem)
        case "profile": Profile(readingStoredFields: &reader).map(SiteLoader.Item.profile)
        case "page": PlainPage(readingStoredFields: &reader).map(SiteLoader.Item.page)
        case "primes": PrimesPage(readingStoredFields: &reader).map(SiteLoader.Item.primes)
        case "item": CollectionItem(readingStoredFields: &reader).map(SiteLoader.Item.item)
        default: nil
        }
    }
}
