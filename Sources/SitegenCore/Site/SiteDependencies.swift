/// The parts of the `site` value a template can read, by the content they come
/// from: a page must be redone when one of them changed.
public struct SiteDependencies: Sendable, Equatable {
    /// The content collections the `site` value is built from.
    public enum Collection: String, Sendable, CaseIterable, Comparable {
        case posts, menu, profiles, pages, primes
        public static func < (a: Collection, b: Collection) -> Bool { a.rawValue < b.rawValue }
    }

    /// Collections whose items the template reads.
    public var collections: Set<Collection> = []
    /// Collections whose items' rendered Markdown (not only their fields) the template reads.
    public var collectionsHTML: Set<Collection> = []

    /// Which collection a `site` key is derived from; `nil` for keys from `site.yml`.
    static func collection(forSiteKey key: String) -> Collection? {
        switch key {
        case "posts", "recent_posts", "post_count", "has_posts": return .posts
        case "menu": return .menu
        case "profiles": return .profiles
        case "pages": return .pages
        case "primes": return .primes
        default: return nil
        }
    }

    /// The fields of items holding rendered Markdown.
    static let htmlFields: Set<String> = ["content", "description", "about", "intro"]

    /// Everything: for templates whose reads cannot be known (dynamic partials).
    public static let everything = SiteDependencies(
        collections: Set(Collection.allCases), collectionsHTML: Set(Collection.allCases))

    /// Maps a template's reads (on the stack `[root, page]`, root = `{site, page}`)
    /// to the collections they reach.
    public init(_ reads: TemplateReads) {
        if reads.readsEverything {
            self = .everything
            return
        }
        for path in reads.paths {
            let keys = path.filter { $0 != TemplateReads.each }
            guard keys.count >= 2, keys[0] == "site", let collection = Self.collection(forSiteKey: keys[1]) else {
                continue
            }
            collections.insert(collection)
            // A field of an item, or the item itself (`{{.}}`), may carry rendered HTML.
            let readsHTML = keys.count > 2 ? keys[2...].contains(where: Self.htmlFields.contains) : path.last == TemplateReads.each
            if readsHTML { collectionsHTML.insert(collection) }
        }
    }

    private init(collections: Set<Collection>, collectionsHTML: Set<Collection>) {
        self.collections = collections
        self.collectionsHTML = collectionsHTML
    }
}
