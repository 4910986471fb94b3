extension Primes {
    /// A bitmap of the odd primes up to a limit with running totals, answering π(v) in constant time.
    struct PrimeCountTable: Sendable {
        /// The largest v the table can answer for.
        let limit: Int

        /// Bit i of word w is set when the odd number 128·w + 2·i + 1 is prime.
        private let words: [UInt64]

        /// Entry w is the number of primes (2 included) below the first number of word w.
        private let countBefore: [UInt32]

        /// Sieves every number up to `limit` (at least 2, at most 2^33 so counts fit in 32 bits).
        init(limit: Int) {
            precondition(limit >= 2 && limit <= 1 << 33, "prime count table limit out of range")
            self.limit = limit
            let lastOddIndex = (limit - 1) / 2
            let words = OddPrimeBitmap.sieve(throughOddIndex: lastOddIndex)
            let wordCount = words.count
            var countBefore = [UInt32](repeating: 0, count: wordCount)
            var running: UInt32 = 1  // the prime 2
            for index in 0..<wordCount {
                countBefore[index] = running
                running += UInt32(words[index].nonzeroBitCount)
            }
            self.words = words
            self.countBefore = countBefore
        }

        /// Returns π(v) for v ≤ limit.
        func count(upTo v: Int) -> Int {
            precondition(v <= limit, "π(v) asked past the table's limit")
            return withLookup { $0.count(upTo: v) }
        }

        /// Calls `body` with a view of the table that reads it without bounds checks or reference counting.
        func withLookup<Result>(_ body: (Lookup) -> Result) -> Result {
            words.withUnsafeBufferPointer { words in
                countBefore.withUnsafeBufferPointer { countBefore in
                    body(Lookup(limit: limit, words: words, countBefore: countBefore))
                }
            }
        }

        /// Returns every prime p ≤ min(bound, limit) in increasing order.
        func primes(upTo bound: Int) -> [Int] {
            let bound = min(bound, limit)
            guard bound >= 2 else { return [] }
            var primes = [2]
            primes.reserveCapacity(count(upTo: bound))
            for (wordIndex, word) in words.enumerated() {
                var bits = word
                while bits != 0 {
                    let number = (wordIndex * 64 + bits.trailingZeroBitCount) * 2 + 1
                    if number > bound { return primes }
                    primes.append(number)
                    bits &= bits - 1
                }
            }
            return primes
        }
    }
}
