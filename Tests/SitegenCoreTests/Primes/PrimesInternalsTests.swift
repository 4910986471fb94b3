// Internal pieces are reachable only through @testable, which needs a debug (testing-enabled) build.
#if DEBUG
    @testable import SitegenCore
    import Testing

    /// Rules for the building blocks behind `Primes`.
    @Suite("Primes internals")
    struct PrimesInternalsTests {
        @Test("integer square roots are exact up to Int64.max")
        func integerSquareRootsAreExact() {
            let samples = [
                0, 1, 2, 3, 4, 8, 9, 10, 99, 100, 101, 1 << 62, (1 << 62) - 1, 9_223_372_030_926_249_001, Int.max,
            ]
            for n in samples {
                let root = Primes.IntegerRoot.square(n)
                #expect(root * root <= n, "n = \(n)")
                #expect(root == 3_037_000_499 || (root + 1) * (root + 1) > n, "n = \(n)")
            }
            #expect(Primes.IntegerRoot.square(Int.max) == 3_037_000_499)
        }

        @Test("integer cube roots are exact up to Int64.max")
        func integerCubeRootsAreExact() {
            for n in [0, 1, 7, 8, 9, 26, 27, 28, 999_999_999_999, 1_000_000_000_000, 1_000_000_000_001, Int.max] {
                let root = Primes.IntegerRoot.cube(n)
                #expect(root * root * root <= n, "n = \(n)")
                #expect(root == 2_097_151 || (root + 1) * (root + 1) * (root + 1) > n, "n = \(n)")
            }
            #expect(Primes.IntegerRoot.cube(Int.max) == 2_097_151)
        }

        @Test("the prime count table agrees with a reference sieve at every small limit")
        func tableAgreesAtEverySmallLimit() {
            let sieve = ReferenceSieve(limit: 400)
            for limit in 2...400 {
                let table = Primes.PrimeCountTable(limit: limit)
                for v in 0...limit {
                    #expect(Int64(table.count(upTo: v)) == sieve.primeCount[v], "limit = \(limit), v = \(v)")
                }
            }
        }

        @Test("the prime count table lists the same primes as a reference sieve past several pattern periods")
        func tableListsReferencePrimes() {
            let limit = 5_000_000
            let table = Primes.PrimeCountTable(limit: limit)
            #expect(table.primes(upTo: limit).map(Int64.init) == ReferenceSieve(limit: limit).primes)
        }

        @Test("window sieves agree with a reference sieve, including windows that start at 0 or 1")
        func windowSievesAgreeWithReference() {
            let sieve = ReferenceSieve(limit: 20_000)
            let sievingPrimes = Primes.SmallPrimeList.primes(upTo: 150)
            let windows = [(0, 0), (0, 1), (1, 2), (0, 100), (2, 2), (90, 97), (10_000, 20_000), (19_990, 20_000)]
            for (low, high) in windows {
                let flags = Primes.WindowSieve.primeFlags(from: low, through: high, sievingPrimes: sievingPrimes)
                #expect(flags == Array(sieve.isPrime[low...high]), "window \(low)...\(high)")
            }
        }

        @Test("φ(v, b) matches brute-force counting")
        func phiMatchesBruteForce() {
            let table = Primes.PrimeCountTable(limit: 10_000)
            let primes = table.primes(upTo: 10_000)
            let counter = Primes.PartialSieveCounter(primes: primes, table: table)
            for b in 0...25 {
                // Strike the multiples of the first b primes, then count what is left up to each v.
                var survives = [Bool](repeating: true, count: 3_001)
                for prime in primes[..<b] {
                    for multiple in stride(from: prime, through: 3_000, by: prime) { survives[multiple] = false }
                }
                var survivors = 0
                for v in 1...3_000 {
                    if survives[v] { survivors += 1 }
                    #expect(counter.phi(v, b) == survivors, "v = \(v), b = \(b)")
                }
            }
        }

        @Test("Meissel's formula stays exact when the π table is smaller than x^(2/3)")
        func meisselIsExactWithSmallTable() {
            #expect(Primes.PrimeCounter.meissel(100_000_000, tableCap: 0) == 5_761_455)
            #expect(Primes.PrimeCounter.meissel(1_000_000_000, tableCap: 200_000) == 50_847_534)
        }

        @Test("li(x) matches published values")
        func logarithmicIntegralMatchesPublishedValues() {
            #expect(abs(Primes.LogarithmicIntegral.li(2) - 1.045_163_780_117_492_8) < 1e-12)
            #expect(abs(Primes.LogarithmicIntegral.li(1_000_000) - 78_627.549_159_462_18) < 1e-6)
            #expect(abs(Primes.LogarithmicIntegral.li(1e12) / 37_607_950_280.804_9 - 1) < 1e-12)
        }

        @Test("the prime estimate for index 10^9 lies within 0.01% of the true prime")
        func primeEstimateIsClose() throws {
            let estimate = try #require(Primes.LogarithmicIntegral.primeEstimate(forIndex: 1_000_000_000))
            #expect(abs(estimate - 22_801_763_489) < 2_280_176)
        }

        @Test("no estimate is given past Int64.max")
        func noEstimatePastInt64Max() {
            #expect(Primes.LogarithmicIntegral.primeEstimate(forIndex: Int.max) == nil)
            #expect(Primes.nth(Int64.max) == nil)
        }
    }
#endif
