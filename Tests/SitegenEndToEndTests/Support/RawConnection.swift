import Foundation
import TestTimeLimits

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to 127.0.0.1, for what curl will not send: a request line as
/// written, a request trickled in byte by byte, a connection held open. Every read
/// waits at most a given time; the socket is closed when the value goes.
final class RawConnection {
    private let socket: Int32

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw PreviewFailure(message: "no socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw PreviewFailure(message: "cannot connect to port \(port): errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends text; false when the connection no longer takes it.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == bytes.count
    }

    /// What arrives within `seconds` (stretched by `TimeLimits`), until the server closes the connection
    /// or, when `until` is given, until the bytes so far contain it.
    func receive(seconds: TimeInterval, until end: String? = nil) -> (text: String, closed: Bool) {
        let deadline = Date(timeIntervalSinceNow: TimeLimits.seconds(seconds))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end, String(decoding: bytes, as: UTF8.self).contains(end) { return (text(bytes), false) }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return (text(bytes), false) }
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(min(left, 1) * 1000) + 1) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return (text(bytes), true) }  // Closed, or reset by the server.
            bytes += buffer[..<count]
        }
    }

    /// The head of the response (status line and headers) arriving within `seconds`.
    func responseHead(seconds: TimeInterval) -> String {
        receive(seconds: seconds, until: "\r\n\r\n").text
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
