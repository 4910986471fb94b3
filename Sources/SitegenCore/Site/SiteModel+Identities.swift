/// The identities of a model's lazy values, by the hash of each one's key: a rebuild checks a
/// page's recorded reads against them without computing a value.
extension SiteModel {
    /// The identity of every lazy value by key hash, and for a model patched from the last one,
    /// the key hashes whose identity differs from that model's.
    struct IdentityTable {
        private(set) var identities: [DigestKey: UInt64]
        /// `nil` for a model made in full.
        private(set) var changedKeys: Set<UInt64>?

        /// The identities of `items`, and room for `pages` pages': laid over `previous` (the last
        /// model's), for the items made again, when the model is patched from that one.
        init(items: Items, previous: [DigestKey: UInt64]?, pages: Int) {
            var identities: [DigestKey: UInt64]
            var changedKeys: Set<UInt64> = []
            if let previous {
                identities = previous
                for made in items.all where made.isNew {
                    made.forEachIdentity { key, identity in
                        guard identities[DigestKey(key)] != identity else { return }
                        changedKeys.insert(key)
                        identities[DigestKey(key)] = identity
                    }
                }
            } else {
                identities = [:]
                identities.reserveCapacity(
                    (items.posts.count + items.menu.count + items.profiles.count + items.pages.count + 1) * 3 + pages)
                for made in items.all {
                    made.forEachIdentity { key, identity in identities[DigestKey(key)] = identity }
                }
            }
            self.identities = identities
            self.changedKeys = previous == nil ? nil : changedKeys
        }

        /// Enters the identity of the lazy value whose key has the hash `key`.
        mutating func enter(_ key: UInt64, _ identity: UInt64) {
            if changedKeys != nil && identities[DigestKey(key)] != identity { changedKeys?.insert(key) }
            identities[DigestKey(key)] = identity
        }
    }

    static func keyHash(_ kind: String, _ name: String) -> UInt64 { LazyValue.keyHash(kind: kind, name: name) }

    /// A table of contents is made of its body's rendering, as the body's HTML is.
    static func tocIdentity(_ contentIdentity: UInt64) -> UInt64 {
        var identity = StableHash()
        identity.combine(contentIdentity)
        identity.combine("toc")
        return identity.value
    }

    /// The identity of a lazy value from the inputs it is made of.
    static func identity(
        _ global: UInt64, _ kind: String, _ source: String, _ hash: UInt64, excerpt: String = ""
    )
        -> UInt64
    {
        var identity = StableHash()
        identity.combine(global)
        identity.combine(kind)
        identity.combine(source)
        identity.combine(hash)
        identity.combine(excerpt)
        return identity.value
    }
}
