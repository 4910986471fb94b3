import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cuts off a connection whose request has not arrived whole within a deadline.
/// libmicrohttpd's own timeout counts silence only, so a client sending one byte
/// every few seconds would keep a connection (and its thread) forever; with all
/// of them taken that way, nobody else is answered. Here the clock starts when
/// the connection opens, or when its last response was sent, and stops when the
/// request is answered; a connection still waiting at the deadline has its
/// socket shut down, which its own thread sees as the client leaving.
final class RequestDeadlines: @unchecked Sendable {
    /// One open connection.
    private struct Connection {
        let socket: Int32
        /// When the request it waits for started to be due; `nil` while one is being answered.
        var waitingSince: Date?
    }

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    /// The open connections, by the server's name for each (unique while it is open).
    private var open: [UInt: Connection] = [:]
    private var stopped = false
    private let seconds: TimeInterval
    private let finished = DispatchSemaphore(value: 0)

    /// Starts watching: every request must arrive whole within `seconds`.
    init(seconds: TimeInterval) {
        self.seconds = seconds
        Thread.detachNewThread { [self] in
            watch()
            finished.signal()
        }
    }

    /// The connection `key` was opened on `socket`: its first request is due from now.
    func opened(_ key: UInt, socket: Int32) {
        condition.lock()
        defer { condition.unlock() }
        open[key] = Connection(socket: socket, waitingSince: Date())
    }

    /// The connection's request arrived and is being answered (a stream may take as long as it likes).
    func answered(_ key: UInt) {
        condition.lock()
        defer { condition.unlock() }
        open[key]?.waitingSince = nil
    }

    /// The connection's response was sent: its next request is due from now.
    func waiting(_ key: UInt) {
        condition.lock()
        defer { condition.unlock() }
        open[key]?.waitingSince = Date()
    }

    /// The connection is closed; its socket is about to be, so it is never touched again.
    func closed(_ key: UInt) {
        condition.lock()
        defer { condition.unlock() }
        open[key] = nil
    }

    /// Stops watching; returns once the watching thread has ended.
    func stop() {
        condition.lock()
        let first = !stopped
        stopped = true
        condition.broadcast()
        condition.unlock()
        if first { finished.wait() }
    }

    /// Looks a few times per deadline for late connections and shuts their sockets down. The lock
    /// is held meanwhile, so a socket is never shut down after `closed` (when it may be reused).
    private func watch() {
        let interval = min(1, max(0.05, seconds / 4))
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
            if stopped { break }
            let late = Date(timeIntervalSinceNow: -seconds)
            for (key, connection) in open {
                guard let since = connection.waitingSince, since < late else { continue }
                open[key]?.waitingSince = nil
                _ = shutdown(connection.socket, Int32(SHUT_RDWR))  // A socket already gone has nothing to cut.
            }
        }
    }
}
