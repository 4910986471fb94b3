import Foundation

/// What one rebuild tells the open pages, as the JSON of one Server-Sent Event:
/// `{"changed": [URL…], "css": bool}` after a build, `{"errors": [diagnostic…]}`
/// after a failed one.
struct ReloadEvent: Codable, Equatable, Sendable {
    /// The URLs whose bytes changed (pages, feeds; stylesheets are told by `css`).
    var changed: [String]?
    /// Whether a stylesheet changed.
    var css: Bool?
    /// A failed rebuild's diagnostics, as printed.
    var errors: [String]?

    /// The event of a build.
    static func built(changed: [String], css: Bool) -> ReloadEvent { ReloadEvent(changed: changed, css: css) }

    /// The event of a failed build.
    static func failed(_ diagnostics: [Diagnostic]) -> ReloadEvent {
        ReloadEvent(errors: diagnostics.sorted().map(\.description))
    }

    /// The event as sent: one `data:` line and a blank line.
    var message: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and Bools always encode.
        let json = (try? encoder.encode(self)).map { Array($0) } ?? Array("{}".utf8)
        return Array("data: ".utf8) + json + Array("\n\n".utf8)
    }
}

/// The live-reload channel (`/_sitegen/events`): every rebuild publishes one
/// event, and each open page's stream sends it. A page that connects while the
/// last rebuild failed gets that failure first, so it shows the overlay too.
/// Streams wake up every few seconds to send a comment, which tells a dead
/// connection from a quiet one; `close` ends them all. At most `limit` streams
/// are open at once: each holds one of the server's connections.
final class ReloadEvents: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var recent: [(number: Int, message: [UInt8])] = []
    private var published = 0
    private var failure: [UInt8]?
    private var closed = false
    private var streams = 0
    private let keepAlive: TimeInterval
    /// The most streams open at once.
    let limit: Int

    /// A channel whose streams send a comment after `keepAlive` seconds without an event, at most `limit` at once.
    init(keepAlive: TimeInterval = 5, limit: Int = HTTPLimits().streams) {
        self.keepAlive = keepAlive
        self.limit = limit
    }

    /// Sends an event to every open stream.
    func publish(_ event: ReloadEvent) {
        condition.lock()
        defer { condition.unlock() }
        published += 1
        recent.append((published, event.message))
        if recent.count > Self.kept { recent.removeFirst(recent.count - Self.kept) }
        failure = event.errors == nil ? nil : event.message
        condition.broadcast()
    }

    /// A new stream of the events published from now on; `nil` when `limit` streams are open.
    func subscribe() -> Stream? {
        condition.lock()
        defer { condition.unlock() }
        guard streams < limit else { return nil }
        streams += 1
        return Stream(
            events: self, after: published, greeting: Array("retry: 1000\n: connected\n\n".utf8) + (failure ?? []))
    }

    /// Ends every stream (their connections close); no more events are sent.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
    }

    /// A stream has ended (its connection closed).
    fileprivate func ended() {
        condition.lock()
        defer { condition.unlock() }
        streams -= 1
    }

    /// How many events a slow stream can be behind before it skips to the newest.
    private static let kept = 16

    /// Waits for the events after number `seen`: their bytes and the newest number,
    /// a keep-alive comment after a quiet while, `nil` once closed.
    fileprivate func wait(after seen: Int) -> (bytes: [UInt8], seen: Int)? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: keepAlive)
        while !closed && published == seen {
            if !condition.wait(until: deadline) { break }
        }
        if closed { return nil }
        guard published > seen else { return (Array(": keep-alive\n\n".utf8), seen) }
        let missed = recent.filter { $0.number > seen }
        return (missed.flatMap(\.message), published)
    }

    /// One open page's events. Read by its connection's thread only.
    final class Stream: HTTPBodyStream, @unchecked Sendable {
        private let events: ReloadEvents
        private var seen: Int
        private var greeting: [UInt8]?

        fileprivate init(events: ReloadEvents, after seen: Int, greeting: [UInt8]) {
            self.events = events
            self.seen = seen
            self.greeting = greeting
        }

        deinit { events.ended() }

        func next() -> [UInt8]? {
            if let greeting {
                self.greeting = nil
                return greeting
            }
            guard let (bytes, seen) = events.wait(after: seen) else { return nil }
            self.seen = seen
            return bytes
        }
    }
}
