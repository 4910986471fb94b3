extension SourceCache {
    /// One content file as it was last read. A value with its fields behind one
    /// reference, copied when changed while shared: a build changes a few entries
    /// of a cache it shares with the last build, and copying a dictionary of
    /// thousands of entries then copies one reference per entry, not every field.
    package struct Entry: Sendable {
        private struct Fields {
            var status: FileStatus
            var hash: UInt64
            var modelHash: UInt64
            var item: SiteLoader.Item
            var warnings: [Diagnostic]
            var excerpt: String?
            var anchors: [String]
            var setArrivals: [UInt64]
            var storedArrivals: BinaryReader?
            var stored: StoredBytes.Slice?
            var setLinks: [MarkdownLink]
            var storedLinks: BinaryReader?
        }

        private var storage: CopyOnWrite<Fields>

        private var fields: Fields {
            _read { yield storage.fields }
            _modify { yield &storage.fields }
        }

        init(
            status: FileStatus, hash: UInt64, modelHash: UInt64, item: SiteLoader.Item, warnings: [Diagnostic],
            excerpt: String? = nil, anchors: [String] = [], stored: StoredBytes.Slice? = nil,
            storedLinks: BinaryReader? = nil, storedArrivals: BinaryReader? = nil
        ) {
            storage = CopyOnWrite(
                Fields(
                    status: status, hash: hash, modelHash: modelHash, item: item, warnings: warnings, excerpt: excerpt,
                    anchors: anchors, setArrivals: [], storedArrivals: storedArrivals, stored: stored, setLinks: [],
                    storedLinks: storedLinks))
        }

        /// The file's status when read.
        package var status: FileStatus {
            get { fields.status }
            set { fields.status = newValue }
        }
        /// A hash of its bytes.
        package var hash: UInt64 {
            get { fields.hash }
            set { fields.hash = newValue }
        }
        /// A hash of the model's fields other than the body (`modelHash(of:)`).
        package var modelHash: UInt64 {
            get { fields.modelHash }
            set { fields.modelHash = newValue }
        }
        /// The model read from it, with an empty body.
        package var item: SiteLoader.Item {
            get { fields.item }
            set { fields.item = newValue }
        }
        /// The warnings it gave.
        package var warnings: [Diagnostic] {
            get { fields.warnings }
            set { fields.warnings = newValue }
        }
        /// The excerpt list pages show of it (posts and menu items), once a build has rendered it.
        package var excerpt: String? {
            get { fields.excerpt }
            set {
                fields.excerpt = newValue
                fields.stored = nil
            }
        }
        /// The `id`s its page has for `#fragment` links (headings', footnotes'); known with the excerpt.
        var anchors: [String] {
            get { fields.anchors }
            set {
                fields.anchors = newValue
                fields.stored = nil
            }
        }
        /// The places (`LinkReach`) its links arrived at when last checked, sorted (`LinkCheckMemo`).
        /// Read from the stored form only when asked for, as its links are.
        var arrivals: [UInt64] {
            get { fields.storedArrivals.flatMap(SourceCache.places(storedIn:)) ?? fields.setArrivals }
            set {
                guard newValue != arrivals else { return }
                fields.setArrivals = newValue
                fields.storedArrivals = nil
                fields.stored = nil
            }
        }

        /// Whether its links arrived at one of `places` (sorted) when last checked. Read in place
        /// from the stored form: after a place went away, every file's are asked.
        func arrived(atAnyOf places: [UInt64]) -> Bool {
            guard var stored = fields.storedArrivals else {
                return fields.setArrivals.contains(where: places.sortedContains)
            }
            while let place = stored.fixed() { if places.sortedContains(place) { return true } }
            return false
        }

        /// The entry's stored form as read, written again as it is while the entry is unchanged.
        var stored: StoredBytes.Slice? {
            get { fields.stored }
            set { fields.stored = newValue }
        }

        /// Whether the entry is as read from `storage` (a stored state's bytes), unchanged since: any
        /// change of its stored fields drops them.
        func isStored(in storage: StoredBytes) -> Bool { stored?.storage === storage }

        /// Its Markdown's links into the site (`LinkCheck`), known with the excerpt. Read from
        /// the stored form (`storedLinks`) only when asked for: most builds check few files' links again.
        var links: [MarkdownLink] {
            get { fields.storedLinks.flatMap(SourceCache.links(storedIn:)) ?? fields.setLinks }
            set {
                fields.setLinks = newValue
                fields.storedLinks = nil
                fields.stored = nil
            }
        }
    }
}
