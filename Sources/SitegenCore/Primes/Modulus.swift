extension Primes {
    /// Overflow-safe modular multiplication and exponentiation for a fixed 64-bit modulus.
    struct Modulus {
        /// The modulus, at least 2.
        let value: UInt64

        /// Whether products of residues fit in 64 bits, allowing the faster single-word path.
        private let fitsInHalfWord: Bool

        /// Creates arithmetic modulo `value`.
        init(_ value: UInt64) {
            precondition(value >= 2, "modulus must be at least 2")
            self.value = value
            self.fitsInHalfWord = value <= UInt64(UInt32.max)
        }

        /// Returns a · b mod value for residues a, b < value.
        func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
            if fitsInHalfWord { return a &* b % value }
            // a · b < value², so the high word is below value and the division cannot overflow.
            return value.dividingFullWidth(a.multipliedFullWidth(by: b)).remainder
        }

        /// Returns base^exponent mod value for a residue base < value.
        func power(_ base: UInt64, _ exponent: UInt64) -> UInt64 {
            var result: UInt64 = 1
            var square = base
            var remaining = exponent
            while remaining > 0 {
                if remaining & 1 == 1 { result = multiply(result, square) }
                remaining >>= 1
                if remaining > 0 { square = multiply(square, square) }
            }
            return result
        }
    }
}
