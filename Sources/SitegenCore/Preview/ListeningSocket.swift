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
            bound = withUnsafePointer(to: &name) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        } else {
            var name = sockaddr_in6()
            name.sin6_family = sa_family_t(AF_INET6)
            name.sin6_port = in_port_t(UInt16(port).bigEndian)
            name.sin6_addr = ipv6
            bound = withUnsafePointer(to: &name) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
        let shown = family == AF_INET6 ? "[\(address)]:\(port)" : "\(address):\(port)"
        guard bound == 0 else {
            let failure = Self.failure("cannot listen on \(shown)")
            close(descriptor)
            throw failure
        }
        guard listen(descriptor, 64) == 0 else {
            let failure = Self.failure("cannot listen on \(shown)")
            close(descriptor)
            throw failure
        }
        var name = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &name) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let networkPort =
            family == AF_INET
            ? withUnsafePointer(to: &name) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port } }
            : withUnsafePointer(to: &name) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port } }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: networkPort))
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
