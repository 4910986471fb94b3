import Testing
@testable import SitegenCore

@Suite struct BuildManifestTests {
    private var sample: BuildManifest {
        var manifest = BuildManifest()
        manifest.files["posts/첫-글/index.html"] = .init(fingerprint: 0xFFFF_0000_1234_5678, size: 4096)
        manifest.files["feed.xml"] = .init(fingerprint: 1, size: 0)
        return manifest
    }

    @Test func theStoredFormReadsBackTheSame() throws {
        let read = try #require(BuildManifest(parsing: sample.encoded))
        #expect(read == sample)
    }

    @Test func theSameManifestIsAlwaysTheSameBytes() {
        #expect(sample.encoded == sample.encoded)
    }

    @Test func aTruncatedOrExtendedManifestIsRefused() {
        let bytes = sample.encoded
        for length in [0, 10, bytes.count / 2, bytes.count - 1] {
            #expect(BuildManifest(parsing: Array(bytes.prefix(length))) == nil, "length \(length)")
        }
        #expect(BuildManifest(parsing: bytes + [0]) == nil)
    }
}
