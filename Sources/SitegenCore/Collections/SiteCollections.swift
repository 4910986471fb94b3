/// Every collection of a site: the built-in kinds (extended by `site.yml`) and the ones it declares.
public struct SiteCollections: Sendable, Hashable {
    /// Posts, menu and profiles, each with the fields `site.yml` adds.
    public var builtIn: [CollectionSchema] = BuiltInCollections.all
    /// The collections `site.yml` declares, in declared order.
    public var declared: [CollectionSchema] = []

    /// The built-in kinds alone, as a site without `collections:` has them.
    public init() {}

    /// The collection whose folder is `content/<name>/`, built-in or declared.
    public func schema(named name: String) -> CollectionSchema? {
        builtIn.first { $0.name == name } ?? declared.first { $0.name == name }
    }

    /// The declared collection named `name` (not a built-in kind).
    public func declared(named name: String) -> CollectionSchema? { declared.first { $0.name == name } }
}
