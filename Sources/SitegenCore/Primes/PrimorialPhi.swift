extension Primes {
    /// Legendre's φ(v, k) for k ≤ 7, read from tables over one period of the primorial 2·3·…·p_k.
    struct PrimorialPhi: Sendable {
        /// The largest k answered here; its table holds one entry per residue modulo 510510.
        static let maxDepth = 7

        /// The shared tables, built on first use.
        static let shared = PrimorialPhi()

        /// Entry k is the product of the first k primes.
        private let primorials: [Int]

        /// Entry k is Euler's totient of primorials[k]: how many residues per period survive.
        private let survivorsPerPeriod: [Int]

        /// Entry k, r counts the m in 1...r coprime to primorials[k], for r < primorials[k].
        private let survivorsUpTo: [[UInt32]]

        /// Builds the tables for every depth up to maxDepth.
        private init() {
            let firstPrimes = [2, 3, 5, 7, 11, 13, 17]
            var primorials = [1]
            var survivorsPerPeriod = [1]
            var survivorsUpTo: [[UInt32]] = [[0]]
            for depth in 1...Self.maxDepth {
                let period = primorials[depth - 1] * firstPrimes[depth - 1]
                var coprime = [Bool](repeating: true, count: period)
                for prime in firstPrimes[..<depth] {
                    for multiple in stride(from: 0, to: period, by: prime) { coprime[multiple] = false }
                }
                var table = [UInt32](repeating: 0, count: period)
                var running: UInt32 = 0
                for residue in 0..<period {
                    if coprime[residue] { running += 1 }
                    table[residue] = running
                }
                primorials.append(period)
                survivorsPerPeriod.append(Int(running))
                survivorsUpTo.append(table)
            }
            self.primorials = primorials
            self.survivorsPerPeriod = survivorsPerPeriod
            self.survivorsUpTo = survivorsUpTo
        }

        /// Returns how many m in 1...v have none of the first k primes as a factor, for v ≥ 0 and k ≤ maxDepth.
        @inline(__always)
        func phi(_ v: Int, _ k: Int) -> Int {
            let period = primorials[k]
            return (v / period) * survivorsPerPeriod[k] + Int(survivorsUpTo[k][v % period])
        }
    }
}
