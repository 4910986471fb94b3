extension RandomAccessCollection where Index == Int {
    /// For elements ordered so that `precedes` holds for a first run of them and for none after,
    /// the index of the first it does not hold for (`endIndex` when it holds for all): a binary search.
    func partitionIndex(where precedes: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if precedes(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension Array where Element: Comparable {
    /// Whether the array, sorted ascending, holds `value`: a binary search.
    func sortedContains(_ value: Element) -> Bool {
        let index = partitionIndex { $0 < value }
        return index < count && self[index] == value
    }
}
