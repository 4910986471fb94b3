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

    @Test func morePlacesKeepEveryArrival() {
        let earlier = reach(["a/index.html", "feed.xml"])
        #expect(reach(["a/index.html", "feed.xml"]).keepsArrivals(of: earlier))
        #expect(reach(["a/index.html", "b/index.html", "feed.xml"]).keepsArrivals(of: earlier))
    }

    @Test func aPlaceGoneOrOtherSettingsCheckEverythingAgain() {
        let earlier = reach(["a/index.html", "feed.xml"])
        #expect(!reach(["feed.xml"]).keepsArrivals(of: earlier))
        #expect(!reach(["b/index.html", "feed.xml"]).keepsArrivals(of: earlier))
        #expect(!reach(["a/index.html", "feed.xml"], base: 2).keepsArrivals(of: earlier))
        let withIDs = reach(["a/index.html"], extra: [LinkReach.place(shown: "content/a.md", ids: ["setup"])])
        let otherIDs = reach(["a/index.html"], extra: [LinkReach.place(shown: "content/a.md", ids: ["packing"])])
        #expect(!otherIDs.keepsArrivals(of: withIDs))
    }

    @Test func aNewOutputWhereAnAddressFoundItsIndexPageChecksEverythingAgain() {
        // `/a` was found as `a/index.html`; an output `a` would now answer it instead.
        let earlier = reach(["a/index.html"])
        #expect(!reach(["a", "a/index.html"]).keepsArrivals(of: earlier))
        #expect(reach(["b", "a/index.html"]).keepsArrivals(of: earlier))
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
