#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket bound and listening, made before the HTTP server starts so that
/// the port it got (`--port 0` asks the system for a free one) is known.
struct ListeningSocket: Sendable {
    /// The socket's file descriptor.
    let descriptor: Int32
    /// The port it listens on.
    let port: Int

    /// Why a socket could not be made.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Listens on `address` (an IPv4 or IPv6 address, without brackets) and `port` (0: any free port).
    init(address: String, port: Int) throws(Failure) {
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        let family: Int32
        if inet_pton(AF_INET, address, &ipv4) == 1 {
            family = AF_INET
        } else if inet_pton(AF_INET6, address, &ipv6) == 1 {
            family = AF_INET6
        } else {
            throw Failure(description: "\(address) is not an IP address")
        }
        #if canImport(Glibc)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        let descriptor = socket(family, stream, 0)
        guard descriptor >= 0 else { throw Self.failure("cannot open a socket") }
        var on: Int32 = 1
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if family == AF_INET {
            var name = sockaddr_in()
            name.sin_family = sa_family_t(AF_INET)
            name.sin_port = in_port_t(UInt16(port).bigEndian)
            name.sin_addr = ipv4
            bound = Self.bind(descriptor, to: name)
        } else {
            var name = sockaddr_in6()
            name.sin6_family = sa_family_t(AF_INET6)
            name.sin6_port = in_port_t(UInt16(port).bigEndian)
            name.sin6_addr = ipv6
            bound = Self.bind(descriptor, to: name)
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let failure = Self.failure(
                "cannot listen on " + (family == AF_INET6 ? "[\(address)]:\(port)" : "\(address):\(port)"))
            close(descriptor)
            throw failure
        }
        // Both address kinds keep the port at the same place, right after the family.
        var name = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &name) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: name.sin6_port))
    }

    /// Binds the socket to an address of either kind.
    private static func bind<Address>(_ descriptor: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { name in
                #if canImport(Glibc)
                    Glibc.bind(descriptor, name, socklen_t(MemoryLayout<Address>.size))
                #else
                    Darwin.bind(descriptor, name, socklen_t(MemoryLayout<Address>.size))
                #endif
            }
        }
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
