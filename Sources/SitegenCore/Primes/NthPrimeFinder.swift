extension Primes {
    /// Finds the n-th prime: estimate it, count the primes up to the estimate, then sieve to the exact one.
    enum NthPrimeFinder {
        /// Every prime in the shared table, for small n.
        private static let smallPrimes = PrimeCounter.sharedTable.primes(upTo: PrimeCounter.sharedTableLimit)

        /// Numbers sieved per step of the final walk.
        private static let windowSize = 1 << 16

        /// Returns the n-th prime, or nil when n < 1 or it exceeds Int64.max.
        static func prime(at n: Int) -> Int? {
            guard n >= 1 else { return nil }
            if n <= smallPrimes.count { return smallPrimes[n - 1] }
            guard let estimate = LogarithmicIntegral.primeEstimate(forIndex: n) else { return nil }
            let countAtEstimate = PrimeCounter.count(upTo: estimate)
            // The walk stays far below 2·estimate, so primes up to √(2·estimate) sieve every window.
            let (doubled, overflow) = estimate.multipliedReportingOverflow(by: 2)
            let sievingPrimes = sievingPrimes(upTo: IntegerRoot.square(overflow ? Int.max : doubled) + 1)
            if countAtEstimate >= n {
                return walkDown(from: estimate, skipping: countAtEstimate - n, sievingPrimes: sievingPrimes)
            }
            return walkUp(after: estimate, taking: n - countAtEstimate, sievingPrimes: sievingPrimes)
        }

        /// Returns every prime ≤ limit, from the shared table when it reaches that far.
        private static func sievingPrimes(upTo limit: Int) -> [Int] {
            if limit <= PrimeCounter.sharedTableLimit { return PrimeCounter.sharedTable.primes(upTo: limit) }
            return SmallPrimeList.primes(upTo: limit)
        }

        /// Returns the prime reached by passing over `skip` primes downward from `start` (inclusive).
        private static func walkDown(from start: Int, skipping skip: Int, sievingPrimes: [Int]) -> Int {
            var remaining = skip
            var high = start
            while true {
                let low = max(high - windowSize + 1, 2)
                let flags = WindowSieve.primeFlags(from: low, through: high, sievingPrimes: sievingPrimes)
                for offset in flags.indices.reversed() where flags[offset] {
                    if remaining == 0 { return low + offset }
                    remaining -= 1
                }
                precondition(low > 2, "walked below 2 looking for a prime")
                high = low - 1
            }
        }

        /// Returns the `take`-th prime above `start`, or nil if it passes Int64.max.
        private static func walkUp(after start: Int, taking take: Int, sievingPrimes: [Int]) -> Int? {
            var remaining = take
            var low = start + 1
            while true {
                let (end, overflow) = low.addingReportingOverflow(windowSize - 1)
                let high = overflow ? Int.max : end
                let flags = WindowSieve.primeFlags(from: low, through: high, sievingPrimes: sievingPrimes)
                for offset in flags.indices where flags[offset] {
                    remaining -= 1
                    if remaining == 0 { return low + offset }
                }
                if high == Int.max { return nil }
                low = high + 1
            }
        }
    }
}
