import Foundation

/// Everything a site's source says, checked and sorted: the model every page is rendered from.
package struct SiteContent: Sendable {
    /// Settings from `site.yml`.
    package var settings: SiteSettings
    /// Posts, newest first (undated last), then by slug.
    package var posts: [Post]
    /// Menu items by price, then by name.
    package var menu: [MenuItem]
    /// Profiles by name.
    package var profiles: [Profile]
    /// The counter and favorite primes, if `content/primes.md` exists.
    package var primes: PrimesPage?
    /// Other pages by slug; `index` is the home page's text.
    package var pages: [PlainPage]
    /// The items of each collection `site.yml` declares, by its name, sorted as it says.
    package var items: [String: [CollectionItem]] = [:]
    /// The files published as they are (`static/`, page bundles' files), sorted by output path.
    package var files: [PublishedFile] = []
    /// The files of `data/` (`site.data`), sorted by name.
    package var data: [DataFile] = []
    /// A stable hash of each content file's bytes, by path (`content/posts/hello.md`).
    package var sourceHashes: [SourcePath: UInt64] = [:]
    /// A hash of each item's fields other than its body, by path: what a page
    /// listing items can show of one, besides its excerpt.
    package var modelHashes: [SourcePath: UInt64] = [:]
    /// The build's now (seconds since 1970): the feed's `updated` is the newest post date not after it.
    package var now: Int64 = .max
    /// The line each read file's body starts on, by path (for messages about its Markdown).
    package var bodyLines: [SourcePath: Int] = [:]
    /// Content files that did not load for an error (reported with it): the rest of the site is
    /// still checked, and a link to one of them is not called broken too. Empty in a build that goes on.
    package var failed: Set<SourcePath> = []
    /// Files taken from the source cache whose bodies have not been read (they are empty).
    package var unloadedBodies: Set<SourcePath> = []
    /// When the first post left out for being dated after now is due (seconds since 1970), if any.
    package var nextPublication: Int64? = nil

    /// Adds an item to its collection (a post only if `publishing` publishes it), its date
    /// placed in the site's time zone; `sort()` orders them.
    mutating func add(_ item: SiteLoader.Item, publishing: Publishing) {
        switch item {
        case .post(let read):
            let post = read.placed(in: settings.timeZone)
            if publishing.publishes(post) {
                posts.append(post)
            } else if let due = publishing.dueDate(of: post) {
                nextPublication = min(nextPublication ?? due, due)
            }
        case .menuItem(let item): menu.append(item.placed(in: settings.timeZone))
        case .profile(let profile): profiles.append(profile.placed(in: settings.timeZone))
        case .primes(let primes): self.primes = primes
        case .page(let page): pages.append(page.placed(in: settings.timeZone))
        case .item(let item): items[item.collection, default: []].append(item.placed(in: settings.timeZone))
        }
    }

    /// Puts items in the order the pages show them.
    mutating func sort() {
        posts.sort { a, b in
            switch (a.date, b.date) {
            case (let x?, let y?) where x.secondsSince1970 != y.secondsSince1970: return x > y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.slug < b.slug
            }
        }
        menu.sort { ($0.price, $0.name, $0.slug) < ($1.price, $1.name, $1.slug) }
        profiles.sort { ($0.name, $0.slug) < ($1.name, $1.slug) }
        pages.sort { $0.slug < $1.slug }
        for schema in settings.collections.declared where items[schema.name] != nil {
            items[schema.name]!.sort { schema.sort.orders($0, before: $1, in: schema) }
        }
    }
}

/// Which posts a build publishes: drafts and posts dated after "now" only when asked.
package struct Publishing: Sendable {
    /// Include posts marked `draft: true`.
    package var includeDrafts: Bool
    /// Include posts dated after `now`.
    package var includeFuture: Bool
    /// The build's now, in seconds since 1970.
    package var now: Int64

    /// Drafts and future posts as asked; by default every post but drafts.
    package init(includeDrafts: Bool = false, includeFuture: Bool = true, now: Int64 = .max) {
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.now = now
    }

    func publishes(_ post: Post) -> Bool {
        (includeDrafts || !post.isDraft) && (includeFuture || (post.date?.secondsSince1970 ?? .min) <= now)
    }

    /// When a post left out only for its date will be published (its date), or `nil`.
    func dueDate(of post: Post) -> Int64? {
        guard includeDrafts || !post.isDraft, !includeFuture, let date = post.date?.secondsSince1970, date > now
        else { return nil }
        return date
    }
}
