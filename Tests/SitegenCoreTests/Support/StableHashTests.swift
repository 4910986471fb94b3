import Testing

@testable import SitegenCore

/// A stream of pieces hashes as the whole does, however the pieces are cut.
@Suite struct StableHashTests {
    @Test(arguments: [0, 1, 7, 8, 9, 64, 100, 1000])
    func piecesHashAsTheWhole(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = StableHash.of(bytes)
        for cut in [1, 3, 8, 13] {
            var stream = StableHash.Stream()
            var start = 0
            while start < bytes.count {
                let end = min(start + cut, bytes.count)
                bytes[start..<end].withUnsafeBytes { stream.combine($0) }
                start = end
            }
            #expect(stream.value == whole, "length \(length), pieces of \(cut)")
        }
        var empty = StableHash.Stream()
        bytes.withUnsafeBytes { empty.combine($0) }
        #expect(empty.value == whole)
    }

    @Test func otherBytesHashOtherwise() {
        var stream = StableHash.Stream()
        [UInt8](repeating: 1, count: 9).withUnsafeBytes { stream.combine($0) }
        #expect(stream.value != StableHash.of([UInt8](repeating: 1, count: 10)))
    }
}
