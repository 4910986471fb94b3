/// Exact prime arithmetic on 64-bit integers (primality, π(x), rank, n-th prime), safe to call from any thread.
package enum Primes {
    /// Returns whether `n` is prime; negative numbers, 0 and 1 are not.
    package static func isPrime(_ n: Int64) -> Bool {
        n >= 2 && MillerRabin.isPrime(UInt64(n))
    }

    /// Returns whether `n` is prime, exactly, for every 64-bit unsigned value (plain literals pick the Int64 form).
    @_disfavoredOverload
    package static func isPrime(_ n: UInt64) -> Bool {
        MillerRabin.isPrime(n)
    }

    /// Returns π(x), the number of primes ≤ `x` (0 when `x` < 2), exactly; time and memory grow like x^(2/3).
    package static func count(upTo x: Int64) -> Int64 {
        Int64(PrimeCounter.count(upTo: Int(x)))
    }

    /// Returns the 1-based index of `prime` among all primes (2 → 1, 13 → 6), or nil if it is not prime.
    package static func position(of prime: Int64) -> Int64? {
        guard isPrime(prime) else { return nil }
        return count(upTo: prime)
    }

    /// Returns the n-th prime (1 → 2, 7 → 17), or nil when `n` < 1 or that prime does not fit in Int64.
    package static func nth(_ n: Int64) -> Int64? {
        NthPrimeFinder.prime(at: Int(n)).map { Int64($0) }
    }
}
