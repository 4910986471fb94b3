import Testing

@testable import SitegenCore

/// A link check memo told as the places added to and removed from an earlier
/// one makes exactly that memo again from the earlier one.
@Suite struct LinkCheckMemoEditTests {
    private func memo(_ places: [UInt64], base: UInt64 = 7, failed: [String] = []) -> LinkCheckMemo {
        LinkCheckMemo(reach: LinkReach(base: base, places: places.sorted()), failed: failed)
    }

    @Test func anEditHoldsOnlyThePlacesThatMovedAndMakesTheMemoAgain() throws {
        let earlier = memo(Array(stride(from: 10, through: 200, by: 10)))
        let later = memo(
            [5] + Array(stride(from: 20, through: 200, by: 10)).filter { $0 != 100 } + [150, 300],
            failed: ["content/posts/a.md"])
        let edit = try #require(LinkCheckMemo.Edit(later, from: earlier))
        #expect(edit.added == [5, 150, 300])
        #expect(edit.removed == [10, 100])
        #expect(edit.failed == ["content/posts/a.md"])
        #expect(edit.applied(to: earlier) == later)
        #expect(edit.applied(to: earlier).failed == later.failed)
    }

    @Test func placesThereTwiceAndEmptyMemosComeBackAsTheyWere() throws {
        let cases: [([UInt64], [UInt64])] = [
            ([1, 1, 2, 3], [1, 2, 2, 3]), ([4, 4, 4, 9], [4, 9]), ([], [1, 2]), ([3, 4, 5, 6], [6]),
            ([2, 4, 6, 8], [1, 2, 3, 4, 5, 6, 7, 8]), ([8, 9], [1, 8, 9]),
        ]
        for (old, new) in cases {
            let (earlier, later) = (memo(old), memo(new))
            guard let edit = LinkCheckMemo.Edit(later, from: earlier) else { continue }  // As large as the memo.
            #expect(edit.applied(to: earlier) == later, "\(old) → \(new)")
        }
        // Randomly moved places over a larger memo: always the same memo again.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let old = (0..<400).map { _ in UInt64.random(in: 0..<600, using: &generator) }
            var new = old.filter { _ in Int.random(in: 0..<40, using: &generator) != 0 }
            new += (0..<8).map { _ in UInt64.random(in: 0..<600, using: &generator) }
            let (earlier, later) = (memo(old), memo(new))
            let edit = try #require(LinkCheckMemo.Edit(later, from: earlier))
            #expect(edit.applied(to: earlier) == later)
        }
    }

    @Test func otherSettingsOrAsManyPlacesMovedAsThereAreAreNoEdit() {
        #expect(LinkCheckMemo.Edit(memo([1, 2, 3], base: 8), from: memo([1, 2, 3])) == nil)
        #expect(LinkCheckMemo.Edit(memo([4, 5]), from: memo([1, 2, 3])) == nil)
        #expect(LinkCheckMemo.Edit(memo([1, 2, 3]), from: memo([1, 2, 3]))?.added == [])
    }
}
