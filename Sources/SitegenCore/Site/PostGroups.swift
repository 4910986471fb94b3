import Foundation

/// The posts by tag and by author, for the tag pages (`/tags/<tag>/`) and the
/// author pages (`/users/<username>/`). Two spellings that differ only in
/// Unicode normalization or case are one tag (or one author): they share a
/// key, which names the page, and the group is shown as its oldest post
/// spells it.
struct PostGroups: Sendable {
    /// One tag or author and its posts.
    struct Group: Sendable {
        /// The folded name: the page's URL segment, the same for every spelling.
        var key: String
        /// The name as its oldest post writes it.
        var name: String
        /// Its posts, by index into `SiteContent.posts` (newest first).
        var posts: [Int]
    }

    /// Every tag, sorted by key.
    let tags: [Group]
    /// Every username that has a post, sorted by key.
    let authors: [Group]
    /// The profile declaring each author's username, by author key (index into `SiteContent.profiles`).
    let profiles: [String: Int]
    private let authorIndex: [String: Int]
    /// The key of every tag and username the posts write, by spelling: most are written many times.
    private let keys: [String: String]

    init(content: SiteContent) {
        var keys: [String: String] = [:]
        tags = Self.groups(content.posts, keys: &keys) { $0.tags }
        authors = Self.groups(content.posts, keys: &keys) { [$0.username] }
        self.keys = keys
        authorIndex = Dictionary(uniqueKeysWithValues: authors.enumerated().map { ($1.key, $0) })
        var profiles: [String: Int] = [:]
        for (index, profile) in content.profiles.enumerated() {
            guard let username = profile.username else { continue }
            let key = Self.key(username)
            if profiles[key] == nil { profiles[key] = index }
        }
        self.profiles = profiles
    }

    /// The author group of a username, if it has posts.
    func author(_ username: String) -> Group? {
        authorIndex[key(of: username)].map { authors[$0] }
    }

    /// The key of a tag or username (`key(_:)`), looked up when a post writes it.
    func key(of name: String) -> String { keys[name] ?? Self.key(name) }

    /// Two profiles declaring one username: an error at the later one (by path), naming the other.
    static func profileProblems(_ profiles: [Profile]) -> [Diagnostic] {
        var owners: [String: Profile] = [:]
        var problems: [Diagnostic] = []
        for profile in profiles.sorted(by: { $0.sourcePath < $1.sourcePath }) {
            guard let username = profile.username else { continue }
            let key = key(username)
            if let owner = owners[key] {
                problems.append(
                    Diagnostic(
                        at: SourceLocation(path: profile.sourcePath),
                        "username \"\(username)\" is already declared by \(owner.sourcePath); one profile per username")
                )
            } else {
                owners[key] = profile
            }
        }
        return problems
    }

    /// A name folded for comparison: Unicode NFC, then case-folded (ASCII the quick way).
    static func key(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            guard name.utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return name }
            return String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return name.precomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// Why a tag or username cannot name a page's folder (`nil` when it can): it
    /// must not be blank, start or end with a space, start with a dot, or hold a slash,
    /// a backslash or a control character, and must fit a file name.
    static func segmentProblem(_ name: String) -> String? {
        if name.allSatisfy(\.isWhitespace) { return "is empty" }
        if name.first!.isWhitespace || name.last!.isWhitespace { return "starts or ends with a space" }
        if name.hasPrefix(".") { return "starts with a dot" }
        if let bad = name.unicodeScalars.first(where: {
            $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control
        }) {
            let shown = bad.properties.generalCategory == .control ? "a control character" : "\"\(bad)\""
            return "holds \(shown)"
        }
        if key(name).utf8.count > 200 { return "is longer than 200 bytes" }
        return nil
    }

    /// The groups of the names `names` gives each post, noting each spelling's key in `keys`.
    private static func groups(
        _ posts: [Post], keys: inout [String: String], names: (Post) -> [String]
    ) -> [Group] {
        var groups: [Group] = []
        // One lookup per name a post writes (most are written many times), by a hash of its text made once.
        var bySpelling: [HashedText: Int] = [:]
        var byKey: [String: Int] = [:]
        // Oldest first, so the first spelling seen is the oldest post's; then the lists are reversed to newest first.
        for index in posts.indices.reversed() {
            for name in names(posts[index]) {
                let number: Int
                let spelling = HashedText(name)
                if let known = bySpelling[spelling] {
                    number = known
                } else {
                    let key = keys[name] ?? key(name)
                    keys[name] = key
                    number = byKey[key] ?? groups.count
                    if number == groups.count {
                        byKey[key] = number
                        groups.append(Group(key: key, name: name, posts: []))
                    }
                    bySpelling[spelling] = number
                }
                if groups[number].posts.last == index { continue }  // A tag written twice on one post.
                groups[number].posts.append(index)
            }
        }
        for number in groups.indices { groups[number].posts.reverse() }
        return groups.sorted { $0.key.precedesByBytes($1.key) }
    }
}
