/// Every collection of a site: the built-in kinds (extended by `site.yml`) and the ones it declares.
package struct SiteCollections: Sendable, Hashable {
    /// Posts, menu and profiles, each with the fields `site.yml` adds.
    package var builtIn: [CollectionSchema] = BuiltInCollections.all
    /// The collections `site.yml` declares, in declared order.
    package var declared: [CollectionSchema] = []

    /// The built-in kinds alone, as a site without `collections:` has them.
    package init() {}

    /// The collection whose folder is `content/<name>/`, built-in or declared.
    package func schema(named name: String) -> CollectionSchema? {
        builtIn.first { $0.name == name } ?? declared.first { $0.name == name }
    }

    /// The names of the declared collections: the folders under `content/` that hold their items.
    package var declaredNames: Set<String> { Set(declared.map(\.name)) }

    /// A digest of every schema: what reading an item depends on besides its file. Made from the
    /// values' full description, so that no part of a schema can be left out of it.
    /// The built-in kinds as sitegen declares them (most sites) are 0: their description's
    /// reflection took some 3 ms of every build, and they change only with sitegen itself, which
    /// makes the next build a full one anyway.
    package var digest: UInt64 {
        if declared.isEmpty && builtIn == BuiltInCollections.all { return 0 }
        return StableHash.of(String(reflecting: self))
    }

    /// The declared collection named `name` (not a built-in kind).
    package func declared(named name: String) -> CollectionSchema? { declared.first { $0.name == name } }
}
