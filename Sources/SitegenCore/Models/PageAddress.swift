/// Where the page of a content item lives, as the folders of its clean URL:
/// the one place that spells it, for the page plan and for links written to
/// the item's file (`[메뉴](../menu/대방어.md)`).
enum PageAddress {
    /// The segments of an item's page: a post `a` → `["posts", "a"]`, the home page `index` → `[]`.
    static func segments(_ kind: ContentKind, slug: String) -> [String] {
        switch kind {
        case .post: return ["posts", slug]
        case .menuItem: return ["menu", slug]
        case .profile: return ["profiles", slug]
        case .item(let collection): return [collection, slug]
        case .primes: return ["primes"]
        case .page: return slug == "index" ? [] : slug.split(separator: "/").map(String.init)
        }
    }

    /// The segments of the page a content file (`content/posts/a/index.md`) makes, or `nil` when it makes none.
    /// `collections` names the collections `site.yml` declares.
    static func segments(ofSource source: String, collections: Set<String> = []) -> [String]? {
        guard source.hasPrefix("content/"), source.hasSuffix(".md") else { return nil }
        guard
            case .success(let found) = ContentKind.of(
                contentName: String(source.dropFirst("content/".count).dropLast(3)), collections: collections)
        else { return nil }
        return segments(found.kind, slug: found.slug)
    }
}
