import Foundation
import Testing

@testable import SitegenCore

/// Which addresses count as this machine only: the ones whose preview may edit the site.
struct PreviewOptionsTests {
    @Test func onlyLoopbackAddressesAreThisMachineOnly() {
        func only(_ host: String) -> Bool {
            var options = PreviewOptions(build: BuildOptions(siteRoot: URL(fileURLWithPath: "/site")))
            options.host = host
            return options.isThisMachineOnly
        }
        for host in ["127.0.0.1", "127.0.0.2", "localhost", "LOCALHOST", "::1"] { #expect(only(host), "\(host)") }
        for host in ["0.0.0.0", "::", "192.168.1.5", "10.0.0.1", "fe80::1", "127.example.org", "127.0.0"] {
            #expect(!only(host), "\(host)")
        }
    }
}
