#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Primes {
    /// The logarithmic integral li(x) and the prime-position estimate built on it.
    enum LogarithmicIntegral {
        /// The Euler–Mascheroni constant γ.
        private static let eulerGamma = 0.577_215_664_901_532_9

        /// Returns li(x) for x > 1 by Ramanujan's rapidly converging series.
        static func li(_ x: Double) -> Double {
            precondition(x > 1, "li is evaluated only above 1")
            let logX = log(x)
            var sum = 0.0
            var power = 1.0  // (ln x)^n / (n! · 2^(n−1))
            var oddReciprocals = 0.0  // Σ 1 / (2k + 1) for 0 ≤ k ≤ (n − 1) / 2
            for n in 1...1_000 {
                power *= logX / Double(n)
                if n > 1 { power /= 2 }
                if n % 2 == 1 { oddReciprocals += 1 / Double(n) }
                let term = (n % 2 == 1 ? power : -power) * oddReciprocals
                sum += term
                if Double(n) > logX && abs(term) <= 1e-17 * abs(sum) { break }
            }
            return eulerGamma + log(logX) + x.squareRoot() * sum
        }

        /// Returns x with li(x) − li(√x) / 2 ≈ n, a close estimate of the n-th prime, or nil past Int64.max.
        ///
        /// Meant for n ≥ 6; the answer is rounded and at least 2.
        static func primeEstimate(forIndex n: Int) -> Int? {
            let target = Double(n)
            let logN = log(target)
            // Dusart: p_n > n (ln n + ln ln n − 1) for n ≥ 2, so nil here is certain.
            let lowerBound = target * (logN + log(logN) - 1)
            guard lowerBound < 9.2e18 else { return nil }
            var x = lowerBound
            for _ in 0..<50 {
                let approximation = li(x) - li(x.squareRoot()) / 2
                let step = (target - approximation) * log(x)
                x = max(x + step, 3)
                if abs(step) < 0.5 { break }
            }
            guard x < 9.2e18 else { return nil }
            return Int(x.rounded())
        }
    }
}
