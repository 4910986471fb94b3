extension Primes {
    /// Exact integer square and cube roots of non-negative 64-bit values.
    enum IntegerRoot {
        /// Returns the largest r with r² ≤ n.
        static func square(_ n: Int) -> Int {
            precondition(n >= 0, "square root of a negative number")
            // 3_037_000_499 is the largest r whose square fits in Int64.
            var root = min(Int(Double(n).squareRoot()), 3_037_000_499)
            while root * root > n { root -= 1 }
            while root < 3_037_000_499 && (root + 1) * (root + 1) <= n { root += 1 }
            return root
        }

        /// Returns the largest r with r³ ≤ n.
        static func cube(_ n: Int) -> Int {
            precondition(n >= 0, "cube root of a negative number")
            // Binary search over [0, 2_097_151]; 2_097_151 is the largest r whose cube fits in Int64.
            var low = 0
            var high = 2_097_151
            while low < high {
                let middle = (low + high + 1) / 2
                if middle * middle * middle <= n {
                    low = middle
                } else {
                    high = middle - 1
                }
            }
            return low
        }
    }
}
