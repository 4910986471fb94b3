extension LinkCheckMemo {
    /// A memo told as the places added to and removed from an earlier one with the same
    /// settings: adding a post or a tag moves a handful of the places (some 50,000 at 10k
    /// posts), so the state's changes (`BuildState.Changes`) store that handful, not all.
    struct Edit: Sendable, Equatable {
        /// The settings' hash (`LinkReach.base`).
        var base: UInt64
        var failed: [String]
        /// Places not in the earlier memo, and the earlier memo's places gone, both sorted.
        var added: [UInt64]
        var removed: [UInt64]
    }
}

extension LinkCheckMemo.Edit {
    /// `memo` as an edit of `earlier`; `nil` when their settings differ, or when the edit
    /// would hold as many places as `memo` itself.
    init?(_ memo: LinkCheckMemo, from earlier: LinkCheckMemo) {
        guard memo.reach.base == earlier.reach.base else { return nil }
        let (new, old) = (memo.reach.places, earlier.reach.places)
        var (added, removed): ([UInt64], [UInt64]) = ([], [])
        var (i, j) = (0, 0)
        // Both sorted: one walk over the two, taking each place that only one of them has
        // (as often as one has it more than the other, should a place be there twice).
        while i < new.count || j < old.count {
            if j == old.count || (i < new.count && new[i] < old[j]) {
                added.append(new[i])
                i += 1
            } else if i == new.count || old[j] < new[i] {
                removed.append(old[j])
                j += 1
            } else {
                i += 1
                j += 1
            }
            guard added.count + removed.count < new.count else { return nil }
        }
        self.init(base: memo.reach.base, failed: memo.failed, added: added, removed: removed)
    }

    /// The memo this edit makes of `earlier` (the one it was made from).
    func applied(to earlier: LinkCheckMemo) -> LinkCheckMemo {
        let old = earlier.reach.places
        var places: [UInt64] = []
        places.reserveCapacity(old.count + added.count - min(removed.count, old.count))
        var (j, k) = (0, 0)
        for place in old {
            if j < removed.count && removed[j] == place {
                j += 1
                continue
            }
            while k < added.count && added[k] < place {
                places.append(added[k])
                k += 1
            }
            places.append(place)
        }
        places.append(contentsOf: added[k...])
        return LinkCheckMemo(reach: LinkReach(base: base, places: places), failed: failed)
    }
}
