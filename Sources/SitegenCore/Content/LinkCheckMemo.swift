/// What the last build's link check found: where links could arrive then
/// (`LinkReach`) and the files whose links had problems. A file whose links
/// came from the source cache keeps the verdict it had while the places its
/// links arrived at are still there (each entry keeps their hashes,
/// `SourceCache.Entry.arrivals`); files rendered again, and those that
/// failed (so their warnings are reported again), are always checked. Kept
/// in the source cache, beside the links it vouches for.
struct LinkCheckMemo: Sendable, Equatable {
    /// Where links could arrive in the build that checked them.
    var reach: LinkReach
    /// The files (and `site.yml`, for `nav`) whose links had problems, sorted.
    var failed: [String]

    /// The files among `sources` to check, in their order, and whether `site.yml`'s `nav` is:
    /// everything when no earlier verdict holds (`LinkReach.placesGone`), else `fresh` files
    /// (rendered this build), failed ones, and those whose links arrived at a place gone
    /// (`arrived(source, gone)`, the places gone sorted).
    func toCheck(
        _ sources: [String], fresh: Set<String>, reach: LinkReach, arrived: (String, [UInt64]) -> Bool
    ) -> (sources: [String], nav: Bool) {
        guard let gone = reach.placesGone(since: self.reach)?.sorted() else { return (sources, true) }
        let failed = Set(self.failed)
        let checked = sources.filter {
            fresh.contains($0) || failed.contains($0) || (!gone.isEmpty && arrived($0, gone))
        }
        // `nav`'s links are few and keep no places: checked again whenever a place went away.
        return (checked, failed.contains("site.yml") || !gone.isEmpty)
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
