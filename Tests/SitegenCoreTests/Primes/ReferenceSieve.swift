/// A deliberately plain sieve of Eratosthenes that the tests trust as a reference.
struct ReferenceSieve {
    /// Element n tells whether n is prime.
    let isPrime: [Bool]

    /// Element n is the number of primes ≤ n.
    let primeCount: [Int64]

    /// Sieves 0...limit.
    init(limit: Int) {
        var isPrime = [Bool](repeating: true, count: limit + 1)
        isPrime[0] = false
        if limit >= 1 { isPrime[1] = false }
        var candidate = 2
        while candidate * candidate <= limit {
            if isPrime[candidate] {
                for multiple in stride(from: candidate * candidate, through: limit, by: candidate) {
                    isPrime[multiple] = false
                }
            }
            candidate += 1
        }
        var primeCount = [Int64](repeating: 0, count: limit + 1)
        var running: Int64 = 0
        for n in 0...limit {
            if isPrime[n] { running += 1 }
            primeCount[n] = running
        }
        self.isPrime = isPrime
        self.primeCount = primeCount
    }

    /// The primes in 2...limit, in increasing order.
    var primes: [Int64] {
        isPrime.indices.filter { isPrime[$0] }.map { Int64($0) }
    }
}
