extension Primes {
    /// A segmented sieve of Eratosthenes over the odd numbers, packed 64 to a word.
    enum OddPrimeBitmap {
        /// Odd primes whose multiples are stamped from a repeating pattern instead of sieved.
        private static let patternPrimes = [3, 5, 7, 11, 13]

        /// Bit words with the odd multiples of the pattern primes cleared (the primes themselves too).
        ///
        /// Bit i of word w stands for 2·(64·w + i) + 1. Each pattern prime p clears every p-th bit, so
        /// the pattern repeats every 3·5·7·11·13 = 15015 bits, hence every 15015 words.
        private static let pattern: [UInt64] = {
            let period = patternPrimes.reduce(1, *)
            var words = [UInt64](repeating: .max, count: period)
            for prime in patternPrimes {
                for index in stride(from: (prime - 1) / 2, to: period * 64, by: prime) {
                    words[index >> 6] &= ~(1 << UInt64(index & 63))
                }
            }
            return words
        }()

        /// Bits sieved per segment; 2^18 bits is 32 KiB, which stays in a fast cache.
        private static let bitsPerSegment = 1 << 18

        /// Returns words whose bit i is set exactly when 2·i + 1 is prime, for i ≤ lastOddIndex.
        static func sieve(throughOddIndex lastOddIndex: Int) -> [UInt64] {
            precondition(lastOddIndex >= 0, "negative bitmap size")
            let wordCount = lastOddIndex / 64 + 1
            var words = [UInt64](repeating: 0, count: wordCount)
            words.withUnsafeMutableBufferPointer { bitmap in
                stampPattern(into: bitmap)
                // 1 is not prime; the pattern primes are.
                bitmap[0] &= ~1
                for prime in patternPrimes where (prime - 1) / 2 <= lastOddIndex {
                    bitmap[0] |= 1 << UInt64((prime - 1) / 2)
                }
                crossOffLargerPrimes(in: bitmap, lastOddIndex: lastOddIndex)
                let unusedBits = wordCount * 64 - 1 - lastOddIndex
                if unusedBits > 0 { bitmap[wordCount - 1] &= UInt64.max >> UInt64(unusedBits) }
            }
            return words
        }

        /// Fills `bitmap` with copies of the pattern.
        private static func stampPattern(into bitmap: UnsafeMutableBufferPointer<UInt64>) {
            pattern.withUnsafeBufferPointer { pattern in
                var start = 0
                while start < bitmap.count {
                    let length = min(pattern.count, bitmap.count - start)
                    _ = UnsafeMutableBufferPointer(rebasing: bitmap[start..<(start + length)])
                        .update(fromContentsOf: pattern[0..<length])
                    start += length
                }
            }
        }

        /// Clears the bits of odd multiples of the primes above the pattern primes, segment by segment.
        private static func crossOffLargerPrimes(in bitmap: UnsafeMutableBufferPointer<UInt64>, lastOddIndex: Int) {
            let bitCount = bitmap.count * 64
            let limit = 2 * lastOddIndex + 1
            let largestPatternPrime = patternPrimes[patternPrimes.count - 1]
            let sievingPrimes = SmallPrimeList.primes(upTo: IntegerRoot.square(limit)).filter {
                $0 > largestPatternPrime
            }
            // For each sieving prime p, the bit of its next odd multiple still to clear, starting at p².
            var nextIndex = sievingPrimes.map { ($0 * $0 - 1) / 2 }
            sievingPrimes.withUnsafeBufferPointer { sievingPrimes in
                nextIndex.withUnsafeMutableBufferPointer { nextIndex in
                    var segmentStart = 0
                    while segmentStart < bitCount {
                        let segmentEnd = min(segmentStart + bitsPerSegment, bitCount)
                        for slot in 0..<sievingPrimes.count {
                            let prime = sievingPrimes[slot]
                            var index = nextIndex[slot]
                            while index < segmentEnd {
                                bitmap[index >> 6] &= ~(1 << UInt64(index & 63))
                                index += prime
                            }
                            nextIndex[slot] = index
                        }
                        segmentStart = segmentEnd
                    }
                }
            }
        }
    }
}
