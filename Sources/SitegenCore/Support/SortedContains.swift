extension Array where Element: Comparable {
    /// Whether the array, sorted ascending, holds `value`: a binary search.
    func sortedContains(_ value: Element) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value
    }
}
