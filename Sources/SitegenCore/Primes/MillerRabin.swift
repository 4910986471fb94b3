extension Primes {
    /// A deterministic Miller–Rabin test, exact for every 64-bit value.
    enum MillerRabin {
        /// Primes used for trial division before the strong-probable-prime rounds.
        private static let trialDivisors: [UInt64] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]

        /// Bases that decide every n < 4,759,123,141 (Jaeschke).
        private static let basesBelow4759123141: [UInt64] = [2, 7, 61]

        /// Bases that decide every n < 2^64 (Sinclair); all are smaller than the n they are used on.
        private static let basesFor64Bit: [UInt64] = [2, 325, 9_375, 28_178, 450_775, 9_780_504, 1_795_265_022]

        /// Returns whether `n` is prime.
        static func isPrime(_ n: UInt64) -> Bool {
            if n < 2 { return false }
            for divisor in trialDivisors {
                if n == divisor { return true }
                if n % divisor == 0 { return false }
            }
            // No prime factor up to 37, so anything below 41² is prime.
            if n < 41 * 41 { return true }
            let bases = n < 4_759_123_141 ? basesBelow4759123141 : basesFor64Bit
            let shift = (n - 1).trailingZeroBitCount
            let oddPart = (n - 1) >> UInt64(shift)
            let modulus = Modulus(n)
            for base in bases where !passesRound(base: base, oddPart: oddPart, shift: shift, modulus: modulus) {
                return false
            }
            return true
        }

        /// Returns whether n passes the strong-probable-prime test to `base`, where n − 1 = oddPart · 2^shift.
        private static func passesRound(base: UInt64, oddPart: UInt64, shift: Int, modulus: Modulus) -> Bool {
            let minusOne = modulus.value - 1
            var x = modulus.power(base % modulus.value, oddPart)
            if x == 1 || x == minusOne { return true }
            for _ in 1..<shift {
                x = modulus.multiply(x, x)
                if x == minusOne { return true }
                if x == 1 { return false }
            }
            return false
        }
    }
}
