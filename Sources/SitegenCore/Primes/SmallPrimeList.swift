extension Primes {
    /// A plain sieve of Eratosthenes for short lists of primes.
    enum SmallPrimeList {
        /// Returns every prime p ≤ limit in increasing order.
        static func primes(upTo limit: Int) -> [Int] {
            guard limit >= 2 else { return [] }
            var composite = [Bool](repeating: false, count: limit + 1)
            var primes: [Int] = []
            primes.reserveCapacity(limit / 8 + 16)
            for candidate in 2...limit where !composite[candidate] {
                primes.append(candidate)
                if candidate <= limit / candidate {
                    for multiple in stride(from: candidate * candidate, through: limit, by: candidate) {
                        composite[multiple] = true
                    }
                }
            }
            return primes
        }
    }
}
