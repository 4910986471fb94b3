#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which names a request may give in `Host` and `Origin`: the preview's own
/// address, `localhost`, `127.0.0.1` and `[::1]`, with the preview's port or
/// none. A page on another site whose name was made to resolve to this machine
/// (DNS rebinding) sends its own name, and is refused. When the preview listens
/// on every interface (`0.0.0.0`, `::`), any IP address is accepted too, so
/// other machines can use it: rebinding needs a name, never an address.
struct HostCheck: Sendable {
    /// The address the server is bound to, as given (`127.0.0.1`, `::1`, `0.0.0.0`).
    let boundAddress: String
    /// The port it listens on.
    let port: Int

    /// Whether a `Host` header's value names this server.
    func allows(host value: String) -> Bool {
        guard let (name, port) = Self.split(value.lowercased()) else { return false }
        if let port, port != self.port { return false }
        let bound = boundAddress.contains(":") ? "[\(boundAddress.lowercased())]" : boundAddress
        if ["localhost", "127.0.0.1", "[::1]", bound].contains(name) { return true }
        let everywhere = ["0.0.0.0", "[::]"].contains(bound)
        return everywhere && Self.isAddress(name)
    }

    /// Whether an `Origin` header's value is this server's own origin.
    func allows(origin value: String) -> Bool {
        let lowered = value.lowercased()
        guard lowered.hasPrefix("http://") else { return false }
        let host = lowered.dropFirst("http://".count)
        return !host.contains("/") && allows(host: String(host))
    }

    /// A host value's name (IPv6 addresses keep their brackets) and port, if well formed.
    private static func split(_ value: String) -> (name: String, port: Int?)? {
        var name = Substring(value)
        var port: Int?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return nil }
            let rest = name[name.index(after: close)...]
            name = name[...close]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { return nil }
                port = number
            }
        } else if let colon = name.lastIndex(of: ":") {
            guard let number = Int(name[name.index(after: colon)...]) else { return nil }
            port = number
            name = name[..<colon]
        }
        guard !name.isEmpty else { return nil }
        return (String(name), port)
    }

    /// Whether a name is an IPv4 address or a bracketed IPv6 address.
    private static func isAddress(_ name: String) -> Bool {
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        if name.hasPrefix("[") && name.hasSuffix("]") {
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &ipv6) == 1
        }
        return inet_pton(AF_INET, name, &ipv4) == 1
    }
}
