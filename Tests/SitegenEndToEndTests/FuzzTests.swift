import Foundation
import TestTimeLimits
import Testing

/// Seeded random damage to the sample content: every run ends in success or a
/// clean diagnostic naming the damaged file — never a crash, hang or other exit.
@Suite struct FuzzTests {
    /// A small deterministic generator (SplitMix64), so a failure can be replayed by its seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let files = [
        "content/posts/scrum-study.md", "content/posts/me-too.md", "content/menu/대방어.md", "content/profiles/kim.md",
        "content/primes.md", "content/about.md", "site.yml",
    ]

    static func mutate(_ bytes: [UInt8], donor: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !bytes.isEmpty:  // flip a bit
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            case 1 where !bytes.isEmpty:  // truncate
                bytes.removeLast(Int.random(in: 0..<bytes.count, using: &random))
            case 2 where !donor.isEmpty:  // splice in a piece of another file
                let start = Int.random(in: 0..<donor.count, using: &random)
                let piece = donor[start..<min(donor.count, start + Int.random(in: 1...40, using: &random))]
                bytes.insert(contentsOf: piece, at: Int.random(in: 0...bytes.count, using: &random))
            case 3:  // insert YAML-significant characters
                let specials: [[UInt8]] = [
                    Array(": ".utf8), Array("\n---\n".utf8), Array("&a *a".utf8), Array("[{".utf8),
                    Array("\t".utf8), [0xFF], [0], Array("\r\n".utf8), Array("\"".utf8), Array("!!binary ".utf8),
                ]
                let special = specials[Int.random(in: 0..<specials.count, using: &random)]
                bytes.insert(contentsOf: special, at: Int.random(in: 0...bytes.count, using: &random))
            default:  // duplicate a range
                guard bytes.count > 2 else { continue }
                let start = Int.random(in: 0..<bytes.count - 1, using: &random)
                let end = Int.random(in: (start + 1)...bytes.count, using: &random)
                bytes.insert(contentsOf: bytes[start..<end], at: end)
            }
        }
        return bytes
    }

    @Test func mutatedContentGivesSuccessOrADiagnosticNamingTheFile() throws {
        let site = try TempSite.sample()
        let originals = try Self.files.map { Array(try Data(contentsOf: site.url($0))) }
        var random = SeededGenerator(state: 20_261_129)
        let deadline = Date().addingTimeInterval(TimeLimits.seconds(45))
        var runs = 0
        while runs < 300 && Date() < deadline {
            let seedState = random.state
            let target = Int.random(in: 0..<Self.files.count, using: &random)
            let donor = originals[Int.random(in: 0..<originals.count, using: &random)]
            let mutated = Self.mutate(originals[target], donor: donor, using: &random)
            try site.writeBytes(Self.files[target], mutated)
            let run = try site.sitegen("check")
            let named = run.stderr.contains(Self.files[target])
            #expect(
                run.status == 0 || (run.status == 1 && named),
                "seed state \(seedState), \(Self.files[target]): exit \(run.status)\n\(run.stderr)")
            try site.writeBytes(Self.files[target], originals[target])
            runs += 1
        }
        #expect(runs >= 100)
    }
}
