/// Decides whether a page would render to the same bytes as last time: every
/// template it used has the same source, every value it read outside lazy
/// values shows the same, and every lazy value it computed has the same
/// identity (and, for one found outside other lazy values, still sits where
/// it was found). Nothing is rendered to find out.
struct PageCheck {
    let model: SiteModel
    let theme: Theme

    /// Which lists of reads still read the same, by `PageRecord.digest(of:)`.
    /// Many pages share one list (every post page reads the same `site` keys), so each is checked once.
    private var verdicts: [DigestKey: Bool] = [:]
    /// Which lists of templates are all as they were, by `PageRecord.digest(of:)`; shared as lists of reads are.
    private var templateVerdicts: [DigestKey: Bool] = [:]

    /// The keys whose identity changed since the model the records were checked against, when
    /// the model was patched from that one (`SiteModel.changedKeys`): then a lazy value found by
    /// its key has its old identity exactly when its key is not among them.
    private let changedKeys: Set<UInt64>?

    /// `recordsOfLastModel`: every record to check was found right (or made) by the build whose
    /// model this one was patched from.
    init(model: SiteModel, theme: Theme, recordsOfLastModel: Bool = false) {
        self.model = model
        self.theme = theme
        changedKeys = recordsOfLastModel ? model.changedKeys : nil
    }

    /// Where a page's own value sits in its context stack.
    private static let pageItself: [ValuePath] = [[.root(1)], [.root(0), .key("page")]]

    /// Checks each distinct list of reads and of templates of `records` once, so `isUnchanged`
    /// only looks the verdicts up.
    mutating func prepare(_ records: some Sequence<PageRecord>) {
        for record in records {
            if verdicts[DigestKey(record.readsDigest)] == nil {
                verdicts[DigestKey(record.readsDigest)] = record.reads.allSatisfy { read in
                    read.kind.digest(of: resolve(read.path, page: nil)) == read.digest
                }
            }
            if templateVerdicts[DigestKey(record.templatesDigest)] == nil {
                templateVerdicts[DigestKey(record.templatesDigest)] = templatesAreAsUsed(record.templates)
            }
        }
    }

    /// Whether each template has the source it had when used.
    private func templatesAreAsUsed(_ templates: [PageRecord.TemplateUse]) -> Bool {
        templates.allSatisfy { theme.sourceHash(of: $0.name) == $0.sourceHash }
    }

    /// Whether the page whose value is `value`, last rendered as `record` says, would render the same now.
    func isUnchanged(_ value: LazyValue, record: PageRecord) -> Bool {
        guard templateVerdicts[DigestKey(record.templatesDigest)] ?? templatesAreAsUsed(record.templates) else {
            return false
        }
        for lazy in record.lazies {
            if let path = lazy.path {
                if Self.pageItself.contains(path) {
                    guard value.identity == lazy.identity else { return false }
                    continue
                }
                guard case .lazy(let found)? = locate(path, page: value), found.identity == lazy.identity else {
                    return false
                }
            } else if let changedKeys {
                if changedKeys.contains(lazy.keyHash) { return false }
            } else if model.identity(ofKeyHash: lazy.keyHash) != lazy.identity {
                return false
            }
        }
        return verdicts[DigestKey(record.readsDigest)] ?? false
    }

    /// The value at `path` in a page's context stack (`{site, page}` under the page), lazy values computed.
    private func resolve(_ path: ValuePath, page: LazyValue?) -> TemplateValue? {
        locate(path, page: page)?.resolved
    }

    /// The value at `path`, without computing it if it is lazy (lazy values on the way are computed).
    private func locate(_ path: ValuePath, page: LazyValue?) -> TemplateValue? {
        guard case .root(let root)? = path.first else { return nil }
        var steps = path.dropFirst()
        var current: TemplateValue
        switch root {
        case 1:
            guard let page else { return nil }
            current = .lazy(page)
        case 0:
            guard case .key(let key)? = steps.first else { return nil }
            steps = steps.dropFirst()
            switch key {
            case "site": current = model.site
            case "page":
                guard let page else { return nil }
                current = .lazy(page)
            default: return nil
            }
        default: return nil
        }
        for step in steps {
            switch (step, current.resolved) {
            case (.key(let key), .object(let fields)):
                guard let next = fields[TemplateKey(key)] else { return nil }
                current = next
            case (.index(let index), .list(let items)):
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }
}
