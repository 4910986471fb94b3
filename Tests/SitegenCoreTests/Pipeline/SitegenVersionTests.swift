import Testing

@testable import SitegenCore

/// What build states and fingerprints are made with: the version and a digest of the code.
struct SitegenVersionTests {
    @Test func theBuildVersionNamesTheReleaseAndADigestOfTheCode() {
        let parts = SitegenVersion.build.split(separator: "+")
        #expect(parts.count == 2 && parts[0] == SitegenVersion.current[...])
        #expect(parts[1].count == 16 && parts[1].allSatisfy(\.isHexDigit))
    }
}
