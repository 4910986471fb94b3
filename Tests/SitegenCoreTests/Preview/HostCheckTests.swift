import Testing

@testable import SitegenCore

/// Only the preview's own names pass the Host check, so a rebinding page's name is refused.
@Suite struct HostCheckTests {
    private let loopback = HostCheck(boundAddress: "127.0.0.1", port: 8080)

    @Test func theLoopbackNamesAreAllowed() {
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.0.0.1"] {
            #expect(loopback.allows(host: host), "\(host)")
        }
    }

    @Test func otherNamesAndPortsAreRefused() {
        for host in [
            "evil.example", "evil.example:8080", "127.0.0.1:9090", "localhost.evil.example:8080", "10.0.0.1:8080", "",
            ":8080", "[::1",
        ] {
            #expect(!loopback.allows(host: host), "\(host)")
        }
    }

    @Test func everyInterfaceAllowsAddressesButNotNames() {
        let everywhere = HostCheck(boundAddress: "0.0.0.0", port: 8080)
        #expect(everywhere.allows(host: "192.0.2.7:8080"))
        #expect(everywhere.allows(host: "[2001:db8::1]:8080"))
        #expect(!everywhere.allows(host: "evil.example:8080"))
    }

    @Test func anIPv6BindingAllowsItsAddress() {
        #expect(HostCheck(boundAddress: "::1", port: 80).allows(host: "[::1]:80"))
    }

    @Test func originsMustBeThePreviewItself() {
        #expect(loopback.allows(origin: "http://localhost:8080"))
        #expect(!loopback.allows(origin: "http://evil.example"))
        #expect(!loopback.allows(origin: "https://localhost:8080"))
        #expect(!loopback.allows(origin: "null"))
    }
}
