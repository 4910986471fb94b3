/// What templates see of the data files: `site.data.<name>`, a file's value,
/// and `site.data_totals.<name>`, a CSV file's column totals. Each is a lazy
/// value named by the file and identified by its bytes' hash, so a page that
/// reads one records it, and is rendered again exactly when that file changes
/// (or goes); a page that reads no data is not.
struct DataValues {
    /// `site.data`: each file's value by name.
    let data: TemplateValue
    /// `site.data_totals`: each CSV file's totals by name.
    let totals: TemplateValue
    /// The key hash and identity of every lazy value here, for the model's table of identities.
    let identities: [(key: UInt64, identity: UInt64)]

    /// The values of `files`; `global` (what every value depends on) goes into each identity.
    init(_ files: [DataFile], global: UInt64) {
        var data: [TemplateKey: TemplateValue] = [:]
        var totals: [TemplateKey: TemplateValue] = [:]
        var identities: [(key: UInt64, identity: UInt64)] = []
        for file in files {
            var hash = StableHash()
            hash.combine(global)
            hash.combine(file.source)
            hash.combine(file.hash)
            let identity = hash.value
            // Made when a page reads it: a CSV file's rows are many values.
            let value = LazyValue(kind: "data", name: file.source, identity: identity) { file.value }
            data[TemplateKey(file.name)] = .lazy(value)
            identities.append((value.keyHash, identity))
            if case .table = file.content {
                let total = LazyValue(kind: "data_totals", name: file.source, identity: identity) {
                    file.totals ?? .null
                }
                totals[TemplateKey(file.name)] = .lazy(total)
                identities.append((total.keyHash, identity))
            }
        }
        self.data = .object(data)
        self.totals = .object(totals)
        self.identities = identities
    }

    /// The `site` value `site` with `data` and `data_totals` in it.
    func adding(to site: TemplateValue) -> TemplateValue {
        guard case .object(var fields) = site else { return site }
        fields["data"] = data
        fields["data_totals"] = totals
        return .object(fields)
    }
}
