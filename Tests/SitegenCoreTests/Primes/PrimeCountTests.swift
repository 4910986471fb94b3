import SitegenCore
import Testing

/// Rules for `Primes.count(upTo:)`.
@Suite("Primes.count(upTo:)")
struct PrimeCountTests {
    @Test("there are no primes below 2", arguments: [Int64.min, -1_000_000, -2, -1, 0, 1])
    func noPrimesBelowTwo(x: Int64) {
        #expect(Primes.count(upTo: x) == 0)
    }

    @Test(
        "π(10^k) matches the published values up to 10^12",
        arguments: [
            (Int64(10), Int64(4)),
            (100, 25),
            (1_000, 168),
            (10_000, 1_229),
            (100_000, 9_592),
            (1_000_000, 78_498),
            (10_000_000, 664_579),
            (100_000_000, 5_761_455),
            (1_000_000_000, 50_847_534),
            (10_000_000_000, 455_052_511),
            (100_000_000_000, 4_118_054_813),
            (1_000_000_000_000, 37_607_912_018),
        ])
    func powersOfTenMatchPublishedValues(x: Int64, expected: Int64) {
        #expect(Primes.count(upTo: x) == expected)
    }

    @Test("every x up to 100,000 matches a reference sieve")
    func everyXUpTo100000MatchesReferenceSieve() {
        let sieve = ReferenceSieve(limit: 100_000)
        for x in 0...100_000 {
            #expect(Primes.count(upTo: Int64(x)) == sieve.primeCount[x], "x = \(x)")
        }
    }

    @Test("sampled x up to 10^7, past the small-x table, match a reference sieve")
    func sampledXUpToTenMillionMatchReferenceSieve() {
        let limit = 10_000_000
        let sieve = ReferenceSieve(limit: limit)
        // The shared table ends at 2^22; just past it the counting formula takes over.
        var samples = Array((1 << 22) - 3...(1 << 22) + 3) + [limit - 1, limit]
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<300 { samples.append(Int(generator.next() % UInt64(limit + 1))) }
        for x in samples {
            #expect(Primes.count(upTo: Int64(x)) == sieve.primeCount[x], "x = \(x)")
        }
    }

    @Test("the count steps by one exactly at primes, near 10^9")
    func countStepsByOneAtPrimes() {
        let start: Int64 = 1_000_000_000 - 200
        var previous = Primes.count(upTo: start - 1)
        for x in start...(start + 400) {
            let current = Primes.count(upTo: x)
            #expect(current - previous == (Primes.isPrime(x) ? 1 : 0), "x = \(x)")
            previous = current
        }
    }

    @Test("π(10^13) matches the published value", .enabled(if: ReleaseOnly.isReleaseBuild))
    func tenToTheThirteenthMatchesPublishedValue() {
        #expect(Primes.count(upTo: 10_000_000_000_000) == 346_065_536_839)
    }
}
