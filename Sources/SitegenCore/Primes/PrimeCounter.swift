extension Primes {
    /// π(x) by Meissel's formula: π(x) = φ(x, a) + a − 1 − P2(x, a) with a = π(∛x).
    ///
    /// P2(x, a) = Σ (π(x / p_j) − j + 1) over a < j ≤ π(√x) counts the numbers ≤ x that are the
    /// product of two primes above ∛x; no number ≤ x has three such factors.
    enum PrimeCounter {
        /// Limit of the table shared by every call, which answers small x directly.
        static let sharedTableLimit = 1 << 22

        /// π lookups up to sharedTableLimit, built on first use.
        static let sharedTable = PrimeCountTable(limit: sharedTableLimit)

        /// Largest per-call table (about 96 MB); bounds above it are counted by sieving forward.
        static let tableCap = 1 << 30

        /// Returns π(x) for any x (0 when x < 2).
        static func count(upTo x: Int) -> Int {
            if x < 2 { return 0 }
            if x <= sharedTableLimit { return sharedTable.count(upTo: x) }
            return meissel(x, tableCap: tableCap)
        }

        /// Returns π(x) for x ≥ 64 with π lookups from a table no larger than `tableCap` (but at least √x).
        static func meissel(_ x: Int, tableCap: Int) -> Int {
            precondition(x >= 64, "Meissel's formula is set up for x ≥ 64")
            let cubeRoot = IntegerRoot.cube(x)
            let squareRoot = IntegerRoot.square(x)
            // π is needed up to x / p for p > ∛x, and up to p_(a+1)² < (2∛x)² inside φ.
            // The list of primes must pass √x, and some prime lies in (√x, 2√x].
            let tableLimit = max(min(x / cubeRoot, tableCap), 2 * squareRoot)
            let table = PrimeCountTable(limit: tableLimit)
            let primes = table.primes(upTo: 2 * squareRoot)
            let a = table.count(upTo: cubeRoot)
            let phi = PartialSieveCounter(primes: primes, table: table).phi(x, a)

            var beyondTable = ForwardPrimeCounter(
                after: tableLimit, primeCountAtStart: table.count(upTo: tableLimit), sievingPrimes: primes)
            var p2 = 0
            // Descending j makes x / p_j ascend, as the forward counter needs.
            for j in stride(from: table.count(upTo: squareRoot), to: a, by: -1) {
                let quotient = x / primes[j - 1]
                let below = quotient <= tableLimit ? table.count(upTo: quotient) : beyondTable.count(upTo: quotient)
                p2 += below - j + 1
            }
            return phi + a - 1 - p2
        }
    }
}
