/// A 64-bit hash that is the same in every run and on every machine (unlike
/// `Hasher`), for change detection: fingerprints of sources and pages.
/// Not for adversarial input; collisions are only as unlikely as 64 bits make them.
package struct StableHash: Sendable {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3

    /// A fresh hash.
    package init() {}

    /// The hash of some bytes.
    package static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = StableHash()
        hash.combine(bytes)
        return hash.value
    }

    /// The hash of a text's UTF-8.
    package static func of(_ text: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(text)
        return hash.value
    }

    /// Mixes in bytes, eight at a time.
    package mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine(UnsafeRawBufferPointer($0)) }
    }

    /// Mixes in a text's UTF-8 and its length (so "ab","c" differs from "a","bc").
    package mutating func combine(_ text: String) {
        text.withBorrowedUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    /// Mixes in one number.
    package mutating func combine(_ value: UInt64) { mix(value) }

    /// Mixes in raw bytes and their count.
    package mutating func combine(_ buffer: UnsafeRawBufferPointer) {
        var index = 0
        while index + 8 <= buffer.count {
            mix(buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < buffer.count {
            tail |= UInt64(buffer[index]) << shift
            shift += 8
            index += 1
        }
        mix(tail)
        mix(UInt64(buffer.count))
    }

    /// The hash so far.
    package var value: UInt64 {
        var z = state
        z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        z = (z ^ (z >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return z ^ (z >> 33)
    }

    /// `combine(_:)` of bytes that arrive in pieces: the same value as one call with all of them.
    struct Stream {
        private var hash = StableHash()
        private var tail: UInt64 = 0
        private var tailCount = 0
        private var count = 0

        /// A stream with no bytes yet.
        init() {}

        /// Mixes in the next bytes.
        mutating func combine(_ buffer: UnsafeRawBufferPointer) {
            count += buffer.count
            var index = 0
            while tailCount > 0 && tailCount < 8 && index < buffer.count {
                tail |= UInt64(buffer[index]) << UInt64(8 * tailCount)
                tailCount += 1
                index += 1
            }
            if tailCount == 8 {
                hash.mix(tail)
                tail = 0
                tailCount = 0
            }
            while index + 8 <= buffer.count {
                hash.mix(buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            while index < buffer.count {
                tail |= UInt64(buffer[index]) << UInt64(8 * tailCount)
                tailCount += 1
                index += 1
            }
        }

        /// The hash of every byte mixed in.
        var value: UInt64 {
            var hash = hash
            hash.mix(tail)
            hash.mix(UInt64(count))
            return hash.value
        }
    }

    fileprivate mutating func mix(_ word: UInt64) {
        state =
            (state ^ (word &* 0x9E37_79B9_7F4A_7C15)).rotatedLeft(by: 27) &* 0x94D0_49BB_1331_11EB
            &+ 0x2545_F491_4F6C_DD1D
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }

    /// Sixteen lower-case hex digits.
    var hex16: String {
        let digits = String(self, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
