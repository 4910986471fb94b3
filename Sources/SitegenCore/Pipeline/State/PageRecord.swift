/// What one page's last render read, as its `ReadLog` recorded it, and the
/// fingerprint that names the bytes it made. A later build re-renders the
/// page exactly when one of those reads would now see something else
/// (`PageCheck`), so no list of which template reads what is kept anywhere.
struct PageRecord: Sendable, Equatable {
    /// The templates the render used (or looked for), each with a hash of its
    /// source (0 for one that did not exist): the one the page was rendered with
    /// first (a `layout:` can change it while the set of templates stays the same),
    /// then the others sorted by name.
    var templates: [TemplateUse]
    /// `digest(of: templates)`, computed once: pages share lists of templates, checked once per list.
    var templatesDigest: UInt64
    /// Reads outside lazy values.
    var reads: [ReadLog.Read]
    /// `digest(of: reads)`, computed once: pages share lists of reads, checked once per list.
    var readsDigest: UInt64
    /// Lazy values computed.
    var lazies: [ReadLog.Lazy]
    /// A hash of all of the above and of the page's address: equal
    /// fingerprints mean equal bytes.
    var fingerprint: UInt64

    /// A template and the hash of its source when it was used.
    struct TemplateUse: Sendable, Hashable {
        var name: String
        var sourceHash: UInt64
    }

    /// The record of a page rendered with `theme`, from what its render logged.
    init(log: ReadLog, page: PlannedPage, theme: Theme) {
        let names = log.templateNames
        templates = (names.prefix(1) + names.dropFirst().sorted()).map {
            TemplateUse(name: $0, sourceHash: theme.sourceHash(of: $0))
        }
        templatesDigest = Self.digest(of: templates)
        reads = log.reads
        readsDigest = Self.digest(of: log.reads)
        lazies = log.lazies
        fingerprint = Self.fingerprint(
            output: page.output, templatesDigest: templatesDigest, readsDigest: readsDigest, lazies: lazies)
    }

    /// A record from its stored parts; `templatesDigest` is `digest(of: templates)`, made once per shared list.
    init(
        templates: [TemplateUse], templatesDigest: UInt64, reads: [ReadLog.Read], readsDigest: UInt64,
        lazies: [ReadLog.Lazy], fingerprint: UInt64
    ) {
        self.templates = templates
        self.templatesDigest = templatesDigest
        self.reads = reads
        self.readsDigest = readsDigest
        self.lazies = lazies
        self.fingerprint = fingerprint
    }

    private static func fingerprint(
        output: String, templatesDigest: UInt64, readsDigest: UInt64, lazies: [ReadLog.Lazy]
    ) -> UInt64 {
        var hash = StableHash()
        hash.combine(SitegenVersion.build)
        hash.combine(output)
        hash.combine(templatesDigest)
        hash.combine(readsDigest)
        hash.combine(UInt64(lazies.count))
        for lazy in lazies {
            hash.combine(lazy.keyHash)
            hash.combine(lazy.identity)
            hash.combine(lazy.path == nil ? 0 : 1)
        }
        return hash.value
    }

    /// Whether the page was rendered with the template `name` (not merely used it as a part).
    func wasRendered(with name: String) -> Bool { templates.first?.name == name }

    /// A hash of a list of templates (names and the hashes of their sources).
    static func digest(of templates: [TemplateUse]) -> UInt64 {
        var hash = StableHash()
        hash.combine(UInt64(templates.count))
        for use in templates {
            hash.combine(use.name)
            hash.combine(use.sourceHash)
        }
        return hash.value
    }

    /// A hash of a list of reads (paths, kinds and what they saw).
    static func digest(of reads: [ReadLog.Read]) -> UInt64 {
        var hash = StableHash()
        hash.combine(UInt64(reads.count))
        for read in reads {
            hash.combine(read.path)
            hash.combine(UInt64(read.kind.rawValue))
            hash.combine(read.digest)
        }
        return hash.value
    }
}
