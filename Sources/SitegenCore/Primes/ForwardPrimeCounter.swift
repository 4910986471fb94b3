extension Primes {
    /// Counts primes up to increasing bounds past a known π value by sieving forward window by window.
    struct ForwardPrimeCounter {
        /// Numbers sieved per window.
        private static let windowSize = 1 << 18

        /// Every prime up to the square root of the largest bound that will be asked.
        private let sievingPrimes: [Int]

        /// The last number counted so far.
        private var cursor: Int

        /// π(cursor).
        private var total: Int

        /// The first number of the current window.
        private var windowLow: Int

        /// Primality of windowLow, windowLow + 1, …
        private var flags: [Bool] = []

        /// Starts just after `start`, where π(start) = `primeCountAtStart`.
        init(after start: Int, primeCountAtStart: Int, sievingPrimes: [Int]) {
            self.sievingPrimes = sievingPrimes
            self.cursor = start
            self.total = primeCountAtStart
            self.windowLow = start + 1
        }

        /// Returns π(v) for a v no smaller than any bound asked before.
        mutating func count(upTo v: Int) -> Int {
            precondition(v >= cursor, "bounds must not decrease")
            while cursor < v {
                if cursor + 1 >= windowLow + flags.count {
                    windowLow = cursor + 1
                    let (end, overflow) = windowLow.addingReportingOverflow(Self.windowSize - 1)
                    flags = WindowSieve.primeFlags(
                        from: windowLow, through: overflow ? Int.max : end, sievingPrimes: sievingPrimes)
                }
                let end = min(v, windowLow + flags.count - 1)
                for number in (cursor + 1)...end where flags[number - windowLow] { total += 1 }
                cursor = end
            }
            return total
        }
    }
}
