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
            let segment = segments[username] ?? GroupName.segment(ofKey: GroupName.key(username))
            if profiles[segment] == nil { profiles[segment] = index }
        }
        self.profiles = profiles
    }

    /// The author group of a username, if it has posts.
    func author(_ username: String) -> Group? {
        authorIndex[segment(of: username)].map { authors[$0] }
    }

    /// The page segment of a tag or username, looked up when a post writes it.
    func segment(of name: String) -> String { segments[name] ?? GroupName.segment(ofKey: GroupName.key(name)) }

    /// Two profiles declaring one username: an error at the later one (by path), naming the other.
    static func profileProblems(_ profiles: [Profile]) -> [Diagnostic] {
        var owners: [String: Profile] = [:]
        var problems: [Diagnostic] = []
        for profile in profiles.sorted(by: { $0.sourcePath < $1.sourcePath }) {
            guard let username = profile.username else { continue }
            let key = GroupName.key(username)
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
                    let key = GroupName.key(name)
                    if let known = byKey[key] {
                        number = known
                    } else {
                        let segment = GroupName.segment(ofKey: key)
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
