import SitegenCore
import Testing

/// Rules for calling `Primes` from many threads at once.
@Suite("Primes concurrency")
struct PrimesConcurrencyTests {
    @Test("concurrent calls give the same answers as sequential ones")
    func concurrentCallsAgreeWithSequentialOnes() async {
        let inputs: [Int64] = (1...32).map { Int64($0) * 123_456_789 }
        let expected = inputs.map { (Primes.count(upTo: $0), Primes.nth($0 / 100), Primes.isPrime($0 + 1)) }
        let results = await withTaskGroup(of: (Int, Int64, Int64?, Bool).self) { group in
            for (index, x) in inputs.enumerated() {
                group.addTask {
                    (index, Primes.count(upTo: x), Primes.nth(x / 100), Primes.isPrime(x + 1))
                }
            }
            var results = [(Int64, Int64?, Bool)?](repeating: nil, count: inputs.count)
            for await (index, count, nth, isPrime) in group { results[index] = (count, nth, isPrime) }
            return results
        }
        for (index, result) in results.enumerated() {
            #expect(result?.0 == expected[index].0 && result?.1 == expected[index].1 && result?.2 == expected[index].2)
        }
    }
}
