import Foundation

/// The posts by tag and by author, for the tag pages (`/tags/<tag>/`) and the
/// author pages (`/users/<username>/`). Two spellings that differ only in
/// Unicode normalization or case are one tag (or one author): they share a
/// key, whose slug names the page, and the group is shown as its oldest post
/// spells it. Two tags (or authors) whose keys make one slug (`a/b` and
/// `a-b`) are an error.
struct PostGroups: Sendable {
    /// One tag or author and its posts.
    struct Group: Sendable {
        /// The page's folder: the slug of the folded name, the same for every spelling.
        var segment: String
        /// The name as its oldest post writes it.
        var name: String
        /// Its posts, by index into `SiteContent.posts` (newest first).
        var posts: [Int]
    }

    /// Every tag, sorted by segment.
    let tags: [Group]
    /// Every username that has a post, sorted by segment.
    let authors: [Group]
    /// The profile declaring each author's username, by author segment (index into `SiteContent.profiles`).
    let profiles: [String: Int]
    /// Two tags (or two usernames) whose pages would share a folder, each an error at the later one's post.
    let problems: [Diagnostic]
    private let authorIndex: [String: Int]
    /// The segment of every tag and username the posts write, by spelling: most are written many times.
    private let segments: [String: String]

    init(content: SiteContent) {
        var segments: [String: String] = [:]
        var problems: [Diagnostic] = []
        tags = Self.groups(content.posts, of: "tag", segments: &segments, problems: &problems) { $0.tags }
        authors = Self.groups(content.posts, of: "username", segments: &segments, problems: &problems) {
            [$0.username]
        }
        self.segments = segments
        self.problems = problems
        authorIndex = Dictionary(uniqueKeysWithValues: authors.enumerated().map { ($1.segment, $0) })
        var profiles: [String: Int] = [:]
        for (index, profile) in content.profiles.enumerated() {
            guard let username = profile.username else { continue }
            let segment = segments[username] ?? Self.segment(ofKey: Self.key(username))
            if profiles[segment] == nil { profiles[segment] = index }
        }
        self.profiles = profiles
    }

    /// The author group of a username, if it has posts.
    func author(_ username: String) -> Group? {
        authorIndex[segment(of: username)].map { authors[$0] }
    }

    /// The page segment of a tag or username, looked up when a post writes it.
    func segment(of name: String) -> String { segments[name] ?? Self.segment(ofKey: Self.key(name)) }

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

    /// The folder of a tag's or username's page, from its key: the key itself where it can name a
    /// folder, else with each character that cannot turned into `-`: a slash, a backslash, a
    /// control character, a leading dot, a space at either end; a blank key is `-`. Unicode
    /// letters stay (`스크럼` → `스크럼`).
    static func segment(ofKey key: String) -> String {
        if key.isEmpty || key.allSatisfy(\.isWhitespace) { return "-" }
        guard needsSlug(key) else { return key }
        var scalars = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            let cannot = scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control
            scalars.append(cannot ? "-" : scalar)
        }
        var characters = Array(String(scalars))
        if characters.first == "." { characters[0] = "-" }
        for index in characters.indices {
            guard characters[index].isWhitespace else { break }
            characters[index] = "-"
        }
        for index in characters.indices.reversed() {
            guard characters[index].isWhitespace else { break }
            characters[index] = "-"
        }
        return String(characters)
    }

    /// Whether a key holds anything `segment(ofKey:)` changes.
    private static func needsSlug(_ key: String) -> Bool {
        key.hasPrefix(".") || key.first!.isWhitespace || key.last!.isWhitespace
            || key.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control }
    }

    /// Why a tag or username cannot name a page (`nil` when it can): only its length, since
    /// `segment(ofKey:)` turns every character a folder cannot hold into one it can.
    static func segmentProblem(_ name: String) -> String? {
        segment(ofKey: key(name)).utf8.count > 200 ? "is longer than 200 bytes" : nil
    }

    /// The groups of the names `names` gives each post, noting each spelling's segment in `segments`.
    /// A name whose key differs from an earlier group's but makes its segment joins that group, with
    /// an error at the post that first writes it (`what` names the kind of name in the message).
    private static func groups(
        _ posts: [Post], of what: String, segments: inout [String: String], problems: inout [Diagnostic],
        names: (Post) -> [String]
    ) -> [Group] {
        var groups: [Group] = []
        // One lookup per name a post writes (most are written many times), by a hash of its text made once.
        var bySpelling: [HashedText<Group>: Int] = [:]
        var byKey: [String: Int] = [:]
        var bySegment: [String: Int] = [:]
        // Oldest first, so the first spelling seen is the oldest post's; then the lists are reversed to newest first.
        for index in posts.indices.reversed() {
            for name in names(posts[index]) {
                let number: Int
                let spelling = HashedText<Group>(name)
                if let known = bySpelling[spelling] {
                    number = known
                } else {
                    let key = key(name)
                    if let known = byKey[key] {
                        number = known
                    } else {
                        let segment = segment(ofKey: key)
                        if let other = bySegment[segment] {
                            number = other
                            let first = groups[other]
                            problems.append(
                                Diagnostic(
                                    at: SourceLocation(path: posts[index].sourcePath),
                                    "\(what) \"\(name)\" and \(what) \"\(first.name)\" (\(posts[first.posts[0]].sourcePath)) "
                                        + "would share the page \(what == "tag" ? "tags" : "users")/\(segment)/; "
                                        + "rename one of them"))
                        } else {
                            number = groups.count
                            bySegment[segment] = number
                            groups.append(Group(segment: segment, name: name, posts: []))
                        }
                        byKey[key] = number
                    }
                    segments[name] = groups[number].segment
                    bySpelling[spelling] = number
                }
                if groups[number].posts.last == index { continue }  // A tag written twice on one post.
                groups[number].posts.append(index)
            }
        }
        for number in groups.indices { groups[number].posts.reverse() }
        return groups.sorted { $0.segment.precedesByBytes($1.segment) }
    }
}
