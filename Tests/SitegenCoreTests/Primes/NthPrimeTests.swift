import SitegenCore
import Testing

/// Rules for `Primes.nth(_:)`.
@Suite("Primes.nth")
struct NthPrimeTests {
    @Test("there is no n-th prime for n below 1", arguments: [Int64.min, -1, 0])
    func noPrimeBelowIndexOne(n: Int64) {
        #expect(Primes.nth(n) == nil)
    }

    @Test(
        "nth matches published values",
        arguments: [
            (Int64(1), Int64(2)),
            (2, 3),
            (6, 13),
            (7, 17),
            (25, 97),
            (168, 997),
            (1_000_000, 15_485_863),
            (10_000_000, 179_424_673),
            (100_000_000, 2_038_074_743),
            (1_000_000_000, 22_801_763_489),
            (37_607_912_018, 999_999_999_989),
        ])
    func nthMatchesPublishedValues(n: Int64, expected: Int64) {
        #expect(Primes.nth(n) == expected)
    }

    @Test("the first 295,947 primes, those below 2^22, match a reference sieve")
    func firstPrimesMatchReferenceSieve() {
        let primes = ReferenceSieve(limit: 1 << 22).primes
        #expect(primes.count == 295_947)
        for (offset, prime) in primes.enumerated() {
            #expect(Primes.nth(Int64(offset + 1)) == prime, "n = \(offset + 1)")
        }
    }

    @Test("sampled n past the first 295,947 primes match a reference sieve up to 10^7")
    func sampledLargerNMatchReferenceSieve() {
        let primes = ReferenceSieve(limit: 10_000_000).primes
        var generator = SplitMix64(seed: 0xBEEF)
        var samples = [295_947, 295_948, 295_949, primes.count]
        for _ in 0..<100 { samples.append(295_948 + Int(generator.next() % UInt64(primes.count - 295_948))) }
        for n in samples {
            #expect(Primes.nth(Int64(n)) == primes[n - 1], "n = \(n)")
        }
    }

    @Test("the n-th prime is prime and has exactly n − 1 primes below it, for sampled n up to 10^9")
    func nthPrimeHasExactlyNMinusOnePrimesBelow() throws {
        var generator = SplitMix64(seed: 0xC0FFEE)
        var samples: [Int64] = [1_000_000_000]
        for _ in 0..<12 { samples.append(Int64(generator.next() % 1_000_000_000) + 1) }
        for n in samples {
            let prime = try #require(Primes.nth(n), "n = \(n)")
            #expect(Primes.isPrime(prime), "n = \(n)")
            #expect(Primes.count(upTo: prime - 1) == n - 1, "n = \(n)")
        }
    }
}
