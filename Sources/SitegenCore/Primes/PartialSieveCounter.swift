extension Primes {
    /// Legendre's φ(v, b): how many m in 1...v have none of the first b primes as a factor.
    ///
    /// Expands φ(v, b) = φ(v, 7) − Σ φ(v / p_i, i − 1) over 7 < i ≤ b, reading φ(·, k ≤ 7) from the
    /// primorial tables and stopping early once p_(b+1)³ > v, where Meissel's identity applies.
    struct PartialSieveCounter {
        /// Primes in increasing order; element i is p_(i+1). Must pass √v for every φ(v, b) asked.
        private let primes: [Int]

        /// π lookups for the shortcut; answers only for v up to its limit.
        private let table: PrimeCountTable

        /// Creates a counter over `primes` (2, 3, 5, …) with `table` for the π shortcut.
        init(primes: [Int], table: PrimeCountTable) {
            self.primes = primes
            self.table = table
        }

        /// Returns φ(v, b) for v ≥ 1 and 0 ≤ b, with primes reaching past both p_b and √v.
        func phi(_ v: Int, _ b: Int) -> Int {
            precondition(v >= 1 && b >= 0, "φ(v, b) needs v ≥ 1 and b ≥ 0")
            precondition(b < primes.count && primes[primes.count - 1] > IntegerRoot.square(v), "too few primes for φ")
            return primes.withUnsafeBufferPointer { primes in
                table.withLookup { lookup in
                    Self.phi(v, b, Context(primes: primes, lookup: lookup, primorial: PrimorialPhi.shared))
                }
            }
        }

        /// What the recursion reads, without bounds checks or reference counting.
        private struct Context {
            /// Element i is p_(i+1); lent by `phi(_:_:)` for the length of one count.
            private let primes: UnsafeBufferPointer<Int>

            /// π(v) for v up to lookup.limit.
            let lookup: PrimeCountTable.Lookup

            /// φ(v, k) for small k.
            let primorial: PrimorialPhi

            init(primes: UnsafeBufferPointer<Int>, lookup: PrimeCountTable.Lookup, primorial: PrimorialPhi) {
                self.primes = primes
                self.lookup = lookup
                self.primorial = primorial
            }

            /// p_(index+1).
            @inline(__always)
            func prime(_ index: Int) -> Int { primes[index] }
        }

        /// Returns φ(v, b) for v ≥ 1.
        private static func phi(_ v: Int, _ b: Int, _ context: Context) -> Int {
            let depth = PrimorialPhi.maxDepth
            if b <= depth { return context.primorial.phi(v, b) }
            let lookup = context.lookup
            let next = context.prime(b)
            if v <= lookup.limit && next > v / next / next {
                return meisselIdentity(v, b, context)
            }
            var result = context.primorial.phi(v, depth)
            var index = depth
            while index < b {
                let prime = context.prime(index)
                let quotient = v / prime
                if quotient < prime {
                    // p > √v, so 1 ≤ v / p < p and only 1 survives: this and every later term is 1.
                    return result - (b - index)
                }
                result -= phi(quotient, index, context)
                index += 1
            }
            return result
        }

        /// Returns φ(v, b) for v ≤ lookup.limit when p_(b+1)³ > v.
        ///
        /// The survivors are then 1, the primes in (p_b, v] and the products p·q ≤ v of two primes
        /// p_(b+1) ≤ p ≤ q, giving 1 + π(v) − b + Σ (π(v / p_j) − j + 1) over b < j ≤ π(√v).
        private static func meisselIdentity(_ v: Int, _ b: Int, _ context: Context) -> Int {
            let lookup = context.lookup
            var result = 1 + max(lookup.count(upTo: v) - b, 0)
            var index = b
            while true {
                let prime = context.prime(index)
                let quotient = v / prime
                if quotient < prime { return result }
                result += lookup.count(upTo: quotient) - index
                index += 1
            }
        }
    }
}
