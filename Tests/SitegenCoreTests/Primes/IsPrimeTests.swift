import SitegenCore
import Testing

/// Rules for `Primes.isPrime`.
@Suite("Primes.isPrime")
struct IsPrimeTests {
    /// Decides primality by trial division, as an independent reference for small numbers.
    private static func isPrimeByTrialDivision(_ n: Int64) -> Bool {
        if n < 2 { return false }
        var divisor: Int64 = 2
        while divisor * divisor <= n {
            if n % divisor == 0 { return false }
            divisor += 1
        }
        return true
    }

    @Test(
        "negative numbers, 0 and 1 are not prime", arguments: [Int64.min, -9_223_372_036_854_775_783, -7, -2, -1, 0, 1])
    func numbersBelowTwoAreNotPrime(n: Int64) {
        #expect(!Primes.isPrime(n))
    }

    @Test("plain integer literals call the Int64 form without ambiguity")
    func plainLiteralsAreUnambiguous() {
        #expect(Primes.isPrime(97))
        #expect(!Primes.isPrime(-97))
    }

    @Test("0 and 1 are not prime as UInt64", arguments: [UInt64(0), 1])
    func unsignedZeroAndOneAreNotPrime(n: UInt64) {
        #expect(!Primes.isPrime(n))
    }

    @Test("every number up to 20,000 matches trial division")
    func smallNumbersMatchTrialDivision() {
        for n in Int64(0)...20_000 {
            #expect(Primes.isPrime(n) == Self.isPrimeByTrialDivision(n), "n = \(n)")
        }
    }

    @Test("numbers around 2^32 match trial division")
    func numbersAroundTwoToThe32MatchTrialDivision() {
        for n in Int64(4_294_966_296)...4_294_968_296 {
            #expect(Primes.isPrime(n) == Self.isPrimeByTrialDivision(n), "n = \(n)")
        }
    }

    @Test(
        "Carmichael numbers are composite",
        arguments: [
            Int64(561), 1105, 1729, 2465, 41041, 825_265, 321_197_185, 5_394_826_801, 232_250_619_601,
            9_746_347_772_161,
        ])
    func carmichaelNumbersAreComposite(n: Int64) {
        #expect(!Primes.isPrime(n))
    }

    @Test(
        "strong pseudoprimes to the first prime bases are composite",
        arguments: [
            Int64(2047), 3277, 4033, 4681, 8321,  // base 2
            1_373_653,  // bases 2, 3
            25_326_001,  // bases 2, 3, 5
            3_215_031_751,  // bases 2, 3, 5, 7
            2_152_302_898_747,  // bases 2 to 11
            3_474_749_660_383,  // bases 2 to 13
            341_550_071_728_321,  // bases 2 to 17
            3_825_123_056_546_413_051,  // bases 2 to 23
        ])
    func strongPseudoprimesAreComposite(n: Int64) {
        #expect(!Primes.isPrime(n))
    }

    @Test("4,759,123,141, the first strong pseudoprime to bases 2, 7 and 61, is composite")
    func firstStrongPseudoprimeToBases2And7And61IsComposite() {
        #expect(!Primes.isPrime(Int64(4_759_123_141)))
    }

    @Test("9223372036854775783 is the largest Int64 prime")
    func largestInt64Prime() {
        #expect(Primes.isPrime(Int64(9_223_372_036_854_775_783)))
        for n in Int64(9_223_372_036_854_775_784)...Int64.max {
            #expect(!Primes.isPrime(n), "n = \(n)")
        }
    }

    @Test("18446744073709551557 is the largest UInt64 prime")
    func largestUInt64Prime() {
        #expect(Primes.isPrime(UInt64(18_446_744_073_709_551_557)))
        for n in UInt64(18_446_744_073_709_551_558)...UInt64.max {
            #expect(!Primes.isPrime(n), "n = \(n)")
        }
    }

    @Test(
        "Int64 and UInt64 overloads agree on non-negative values",
        arguments: [Int64(0), 2, 97, 561, 1_000_000_007, 3_215_031_751, 9_223_372_036_854_775_783])
    func overloadsAgree(n: Int64) {
        #expect(Primes.isPrime(n) == Primes.isPrime(UInt64(n)))
    }

    @Test(
        "known large primes are prime",
        arguments: [
            UInt64(1_000_000_007), 2_147_483_647, 4_294_967_291, 999_999_999_989,
            2_305_843_009_213_693_951,  // 2^61 − 1
            18_446_744_073_709_551_533,
        ])
    func knownLargePrimesArePrime(n: UInt64) {
        #expect(Primes.isPrime(n))
    }

    @Test(
        "squares and products of large primes are composite",
        arguments: [
            UInt64(4_294_967_291) * 4_294_967_291,
            UInt64(4_294_967_291) * 4_294_967_279,
            UInt64(2_147_483_647) * 2_147_483_647,
            UInt64(1_000_000_007) * 1_000_000_007,
            UInt64(3_037_000_493) * 3_037_000_493,
            UInt64(999_999_999_989) * 1_000_003,
            576_460_752_303_423_487,  // 2^59 − 1 = 179951 · 3203431780337
        ])
    func squaresAndProductsOfLargePrimesAreComposite(n: UInt64) {
        #expect(!Primes.isPrime(n))
    }
}
