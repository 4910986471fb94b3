import Synchronization

/// The parts of a post's value that only a name it writes decides: each tag
/// it lists (name and link) and its author's link and avatar. Thousands of
/// posts write the same few dozen tags and usernames, so each spelling's
/// parts are made once per build, when a post value first needs them.
final class PostNames: Sendable {
    private let paths: SitePaths
    private let groups: PostGroups
    private let made = Mutex<[Part: TemplateValue]>([:])

    init(paths: SitePaths, groups: PostGroups) {
        self.paths = paths
        self.groups = groups
    }

    /// `{name, url}` of a tag as a post spells it.
    func tag(_ name: String) -> TemplateValue {
        value(of: Part(kind: .tag, name: name)) {
            .object(["name": .string(name), "url": .string(self.paths.link(["tags", self.groups.segment(of: name)]))])
        }
    }

    /// A post's tags, each once: of the spellings that are one tag (one key: NFC, case-folded, as the tag
    /// pages group them), the first the post writes.
    func distinctTags(_ names: [String]) -> [String] {
        guard names.count > 1 else { return names }
        var keys = Set<String>()
        return names.filter { keys.insert(groups.segment(of: $0)).inserted }
    }

    /// The link to an author's page.
    func userURL(_ username: String) -> TemplateValue {
        value(of: Part(kind: .userURL, name: username)) {
            .string(self.paths.link(["users", self.groups.segment(of: username)]))
        }
    }

    /// `SiteValues.avatar` of a username.
    func avatar(_ username: String) -> TemplateValue {
        value(of: Part(kind: .avatar, name: username)) { SiteValues.avatar(username) }
    }

    private struct Part: Hashable {
        enum Kind: Int { case tag, userURL, avatar }
        var kind: Kind
        var name: HashedText<Part>

        init(kind: Kind, name: String) {
            self.kind = kind
            self.name = HashedText(name)
        }

        /// Placed by the name's digest, made once, and the kind, without `Hasher`: looked up
        /// several times for each post value a build makes.
        func _rawHashValue(seed: Int) -> Int { name._rawHashValue(seed: seed &+ kind.rawValue) }
    }

    /// The part made before, or made now (outside the lock: two threads may both make it, alike).
    private func value(of part: Part, make: () -> TemplateValue) -> TemplateValue {
        if let known = made.withLock({ $0[part] }) { return known }
        let value = make()
        made.withLock { $0[part] = value }
        return value
    }
}
