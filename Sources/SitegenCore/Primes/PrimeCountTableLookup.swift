extension Primes.PrimeCountTable {
    /// A borrowed, unchecked view of a PrimeCountTable for hot loops; valid only inside `withLookup`.
    struct Lookup {
        /// The largest v the table can answer for.
        let limit: Int

        /// The table's prime bitmap over odd numbers, lent by `withLookup`.
        private let words: UnsafeBufferPointer<UInt64>

        /// The table's running prime counts per bitmap word, lent by `withLookup`.
        private let countBefore: UnsafeBufferPointer<UInt32>

        init(limit: Int, words: UnsafeBufferPointer<UInt64>, countBefore: UnsafeBufferPointer<UInt32>) {
            self.limit = limit
            self.words = words
            self.countBefore = countBefore
        }

        /// Returns π(v) for v ≤ limit; larger v is not checked in optimised builds.
        @inline(__always)
        func count(upTo v: Int) -> Int {
            assert(v <= limit, "π(v) asked past the table's limit")
            if v < 2 { return 0 }
            let oddIndex = (v - 1) >> 1
            let word = oddIndex >> 6
            let mask = UInt64.max >> UInt64(63 - (oddIndex & 63))
            return Int(countBefore[word]) + (words[word] & mask).nonzeroBitCount
        }
    }
}
