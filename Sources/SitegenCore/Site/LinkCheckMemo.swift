/// What the last build's link check found: the site it checked against
/// (`LinkCheck.digest`) and the files whose links had problems. While the
/// digest is the same, a file whose links came from the source cache has the
/// verdict it had then; only files rendered again, and those that failed
/// (so their warnings are reported again), are checked. Kept in the source
/// cache, beside the links it vouches for.
struct LinkCheckMemo: Sendable, Equatable {
    /// The digest of the site the links were checked against.
    var site: UInt64
    /// The files (and `site.yml`, for `nav`) whose links had problems, sorted.
    var failed: [String]

    /// The files among `sources` to check, in their order, and whether `site.yml`'s `nav` is:
    /// everything when the site changed since, else only `fresh` files (rendered this build) and failed ones.
    func toCheck(_ sources: [String], fresh: Set<String>, site: UInt64) -> (sources: [String], nav: Bool) {
        guard site == self.site else { return (sources, true) }
        let failed = Set(self.failed)
        return (sources.filter { fresh.contains($0) || failed.contains($0) }, failed.contains("site.yml"))
    }

    /// The memo of a check of the site `site` that found `problems`.
    init(site: UInt64, problems: [Diagnostic]) {
        self.site = site
        failed = Array(Set(problems.map(\.location.path))).sorted()
    }

    init(site: UInt64, failed: [String]) {
        self.site = site
        self.failed = failed
    }
}
