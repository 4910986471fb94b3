import Testing

@testable import SitegenCore

/// When the last build's link verdicts still hold: every place links could
/// arrive at then is still there, under the same settings.
@Suite struct LinkReachTests {
    private func reach(_ outputs: [String], base: UInt64 = 1, extra: [UInt64] = []) -> LinkReach {
        let places = outputs.map { LinkReach.place(.output, $0) }
        return LinkReach(
            base: base, places: (places + extra).sorted(), outputs: Array(zip(places, outputs)))
    }

    private func places(_ outputs: String...) -> Set<UInt64> { Set(outputs.map { LinkReach.place(.output, $0) }) }

    @Test func morePlacesKeepEveryArrival() {
        let earlier = reach(["a/index.html", "feed.xml"])
        #expect(reach(["a/index.html", "feed.xml"]).placesGone(since: earlier) == [])
        #expect(reach(["a/index.html", "b/index.html", "feed.xml"]).placesGone(since: earlier) == [])
    }

    @Test func thePlacesGoneAreNamedAndOtherSettingsTrustNothing() {
        let earlier = reach(["a/index.html", "feed.xml"])
        #expect(reach(["feed.xml"]).placesGone(since: earlier) == places("a/index.html"))
        #expect(reach(["b/index.html", "feed.xml"]).placesGone(since: earlier) == places("a/index.html"))
        #expect(reach([]).placesGone(since: earlier) == places("a/index.html", "feed.xml"))
        #expect(reach(["a/index.html", "feed.xml"], base: 2).placesGone(since: earlier) == nil)
        let setup = LinkReach.place(shown: "content/a.md", ids: ["setup"])
        let withIDs = reach(["a/index.html"], extra: [setup])
        let otherIDs = reach(["a/index.html"], extra: [LinkReach.place(shown: "content/a.md", ids: ["packing"])])
        #expect(otherIDs.placesGone(since: withIDs) == [setup])
    }

    @Test func aNewOutputWhereAnAddressFoundItsIndexPageTrustsNothing() {
        // `/a` was found as `a/index.html`; an output `a` would now answer it instead.
        let earlier = reach(["a/index.html"])
        #expect(reach(["a", "a/index.html"]).placesGone(since: earlier) == nil)
        #expect(reach(["b", "a/index.html"]).placesGone(since: earlier) == [])
    }

    @Test func onlyFilesWhoseLinksArrivedAtAPlaceGoneAreCheckedAgain() {
        let memo = LinkCheckMemo(reach: reach(["a/index.html", "b/index.html"]), failed: ["content/failed.md"])
        let arrivals: [String: Set<UInt64>] = [
            "content/to-a.md": places("a/index.html"), "content/to-b.md": places("b/index.html"),
            "content/none.md": [], "content/failed.md": [], "content/fresh.md": [],
        ]
        let files = arrivals.keys.sorted()
        let check = { (now: LinkReach) in
            memo.toCheck(files, fresh: ["content/fresh.md"], reach: now) { !arrivals[$0]!.isDisjoint(with: $1) }
        }
        let kept = check(reach(["a/index.html", "b/index.html", "c/index.html"]))
        #expect(kept.sources == ["content/failed.md", "content/fresh.md"] && !kept.nav)
        let goneA = check(reach(["b/index.html"]))
        #expect(goneA.sources == ["content/failed.md", "content/fresh.md", "content/to-a.md"] && goneA.nav)
        #expect(check(reach(["a/index.html", "b/index.html"], base: 2)).sources == files)
    }

    @Test func theStoredFormKeepsThePlaces() {
        let memo = LinkCheckMemo(reach: reach(["a/index.html", "feed.xml"]), failed: ["content/b.md"])
        var cache = SourceCache()
        cache.linkCheck = memo
        var writer = BinaryWriter()
        cache.write(to: &writer)
        let read = SourceCache(parsing: writer.bytes)
        #expect(read?.linkCheck == memo)
    }
}
