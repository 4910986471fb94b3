extension Primes {
    /// A sieve of Eratosthenes over one window [low, high] of the integers.
    enum WindowSieve {
        /// Returns flags where element i tells whether low + i is prime.
        ///
        /// `sievingPrimes` must hold every prime up to at least √high, in increasing order.
        static func primeFlags(from low: Int, through high: Int, sievingPrimes: [Int]) -> [Bool] {
            precondition(0 <= low && low <= high, "empty or negative sieve window")
            precondition(
                isCovered(high, by: sievingPrimes), "sieving primes do not reach the square root of the window")
            var flags = [Bool](repeating: true, count: high - low + 1)
            if low < 2 {
                for number in low...min(1, high) { flags[number - low] = false }
            }
            for prime in sievingPrimes {
                if prime > high / prime { break }
                let square = prime * prime
                let first: Int
                if square >= low {
                    first = square - low
                } else {
                    let remainder = low % prime
                    first = remainder == 0 ? 0 : prime - remainder
                }
                for index in stride(from: first, to: flags.count, by: prime) { flags[index] = false }
            }
            return flags
        }

        /// Returns whether a list of all primes up to its last element includes every prime ≤ √high.
        private static func isCovered(_ high: Int, by sievingPrimes: [Int]) -> Bool {
            high < 4 || (sievingPrimes.last ?? 0) >= IntegerRoot.square(high)
        }
    }
}
