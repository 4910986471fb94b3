/// What the last build's link check found: where links could arrive then
/// (`LinkReach`) and the files whose links had problems. While every place of
/// then is still there, a file whose links came from the source cache has the
/// verdict it had then; only files rendered again, and those that failed (so
/// their warnings are reported again), are checked. Kept in the source cache,
/// beside the links it vouches for.
struct LinkCheckMemo: Sendable, Equatable {
    /// Where links could arrive in the build that checked them.
    var reach: LinkReach
    /// The files (and `site.yml`, for `nav`) whose links had problems, sorted.
    var failed: [String]

    /// The files among `sources` to check, in their order, and whether `site.yml`'s `nav` is:
    /// everything when a place links could arrive at went away, else only `fresh` files
    /// (rendered this build) and failed ones.
    func toCheck(_ sources: [String], fresh: Set<String>, reach: LinkReach) -> (sources: [String], nav: Bool) {
        guard reach.keepsArrivals(of: self.reach) else { return (sources, true) }
        let failed = Set(self.failed)
        return (sources.filter { fresh.contains($0) || failed.contains($0) }, failed.contains("site.yml"))
    }

    /// The memo of a check against `reach` that found `problems`.
    init(reach: LinkReach, problems: [Diagnostic]) {
        self.reach = reach
        failed = Array(Set(problems.map(\.location.path))).sorted()
    }

    init(reach: LinkReach, failed: [String]) {
        self.reach = reach
        self.failed = failed
    }
}
