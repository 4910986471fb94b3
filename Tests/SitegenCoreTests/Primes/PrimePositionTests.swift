import SitegenCore
import Testing

/// Rules for `Primes.position(of:)`.
@Suite("Primes.position(of:)")
struct PrimePositionTests {
    @Test(
        "numbers that are not prime have no position",
        arguments: [Int64.min, -13, -2, 0, 1, 4, 561, 999_999_999_987, Int64.max])
    func nonPrimesHaveNoPosition(n: Int64) {
        #expect(Primes.position(of: n) == nil)
    }

    @Test(
        "positions match published values",
        arguments: [
            (Int64(2), Int64(1)),
            (3, 2),
            (13, 6),
            (17, 7),
            (15_485_863, 1_000_000),
            (22_801_763_489, 1_000_000_000),
            (999_999_999_989, 37_607_912_018),
        ])
    func positionsMatchPublishedValues(prime: Int64, expected: Int64) {
        #expect(Primes.position(of: prime) == expected)
    }

    @Test("position undoes nth for sampled n up to 10^10")
    func positionUndoesNth() throws {
        var generator = SplitMix64(seed: 0xFACADE)
        var samples = Array(Int64(1)...300)
        for _ in 0..<8 { samples.append(Int64(generator.next() % 10_000_000_000) + 1) }
        for n in samples {
            let prime = try #require(Primes.nth(n), "n = \(n)")
            #expect(Primes.position(of: prime) == n, "n = \(n)")
        }
    }

    @Test("nth undoes position for primes near 10^11")
    func nthUndoesPosition() throws {
        for candidate in Int64(99_999_999_900)...100_000_000_100 where Primes.isPrime(candidate) {
            let position = try #require(Primes.position(of: candidate))
            #expect(Primes.nth(position) == candidate, "prime = \(candidate)")
        }
    }
}
