import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much a client may ask of the preview server, so a slow or flooding one cannot stall it.
struct HTTPLimits: Sendable {
    /// Connections open at once; more are refused.
    var connections = 64
    /// Live-reload streams open at once (each holds a connection); more are answered 503, so open
    /// pages can never take every connection.
    var streams = 32
    /// Seconds a connection may stay silent before it is closed.
    var idleSeconds = 10
    /// Seconds within which a request (its line, headers and body) must arrive whole, counted from
    /// the connection's opening or its last response, however steadily it trickles in.
    var requestSeconds: Double = 10
    /// Bytes a connection may use for its request line and headers; a larger request gets 431.
    var requestBytes = 32 * 1024
    /// Bytes of a request's body that are read; a longer body is not kept (`HTTPRequest.bodyTooLarge`).
    var bodyBytes = 1 << 20
}

/// The preview's HTTP server: libmicrohttpd does all of HTTP, one thread per
/// connection (a Server-Sent Events stream waits in its own). This is the only
/// file that imports libmicrohttpd; `handler` sees our own request and response values.
/// Each connection is known to `RequestDeadlines`, which cuts off one whose request
/// is not whole in time.
final class HTTPServer: @unchecked Sendable {
    private let daemon: OpaquePointer
    private let handler: Unmanaged<RequestHandler>
    private let deadlines: RequestDeadlines
    private let stopped = Mutex(false)

    /// Starts serving on an open listening socket, which the server then owns.
    init(
        listening socket: ListeningSocket, limits: HTTPLimits,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws(HTTPServerError) {
        signal(SIGPIPE, SIG_IGN)  // A client that leaves mid-response must not end the process.
        let deadlines = RequestDeadlines(seconds: limits.requestSeconds)
        let box = Unmanaged.passRetained(RequestHandler(handler, bodyLimit: limits.bodyBytes, deadlines: deadlines))
        // Without a callback of our own libmicrohttpd would decode `%2f` into `/` and `%00` into
        // an end of string before we see the path; ours keeps the path as sent.
        let keepEscapes:
            @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = {
                _, _, text in text.map { strlen($0) } ?? 0
            }
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: MHD_OPTION.LISTEN_SOCKET, value: Int(socket.descriptor), ptr_value: nil),
            MHD_OptionItem(option: MHD_OPTION.CONNECTION_LIMIT, value: limits.connections, ptr_value: nil),
            MHD_OptionItem(option: MHD_OPTION.CONNECTION_TIMEOUT, value: limits.idleSeconds, ptr_value: nil),
            MHD_OptionItem(option: MHD_OPTION.CONNECTION_MEMORY_LIMIT, value: limits.requestBytes, ptr_value: nil),
            MHD_OptionItem(
                option: MHD_OPTION.UNESCAPE_CALLBACK,
                value: Int(bitPattern: unsafeBitCast(keepEscapes, to: UnsafeRawPointer.self)),
                ptr_value: nil),
            MHD_OptionItem(
                option: MHD_OPTION.URI_LOG_CALLBACK,
                value: Int(bitPattern: unsafeBitCast(requestStarted, to: UnsafeRawPointer.self)),
                ptr_value: box.toOpaque()),
            MHD_OptionItem(
                option: MHD_OPTION.NOTIFY_COMPLETED,
                value: Int(bitPattern: unsafeBitCast(requestEnded, to: UnsafeRawPointer.self)),
                ptr_value: box.toOpaque()),
            MHD_OptionItem(
                option: MHD_OPTION.NOTIFY_CONNECTION,
                value: Int(bitPattern: unsafeBitCast(connectionChanged, to: UnsafeRawPointer.self)),
                ptr_value: box.toOpaque()),
            MHD_OptionItem(option: MHD_OPTION.END, value: 0, ptr_value: nil),
        ]
        let flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL.rawValue
            | MHD_USE_ITC.rawValue  // Wakes the threads at once when the server stops.
        let started = options.withUnsafeMutableBufferPointer { items in
            withVaList([MHD_OPTION.ARRAY.rawValue, items.baseAddress!, MHD_OPTION.END.rawValue]) { arguments in
                MHD_start_daemon_va(flags, 0, nil, nil, answer, box.toOpaque(), arguments)
            }
        }
        guard let started else {
            deadlines.stop()
            box.release()
            close(socket.descriptor)
            throw HTTPServerError(message: "libmicrohttpd could not start serving")
        }
        daemon = started
        self.handler = box
        self.deadlines = deadlines
    }

    /// Stops serving and closes every connection; waits for their threads to end.
    /// Streams must have ended first (their `next` returning `nil`), or this waits for them.
    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        deadlines.stop()
        MHD_stop_daemon(daemon)
        handler.release()
    }

    deinit { stop() }
}

/// The server could not start.
struct HTTPServerError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Holds the request handler and what libmicrohttpd's callbacks share: the request deadlines.
private final class RequestHandler: Sendable {
    let respond: @Sendable (HTTPRequest) -> HTTPResponse
    let bodyLimit: Int
    let deadlines: RequestDeadlines

    init(
        _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse, bodyLimit: Int, deadlines: RequestDeadlines
    ) {
        self.respond = respond
        self.bodyLimit = bodyLimit
        self.deadlines = deadlines
    }
}

/// One request from its request line on: the target as sent, and once its headers are whole,
/// the body received so far and whether some had to be dropped.
private final class RequestInProgress {
    let target: String
    var headersSeen = false
    var receivesBody = false
    var bytes: [UInt8] = []
    var tooLarge = false
    init(target: String) { self.target = target }
}

/// A connection's name for `RequestDeadlines`: its address, unique while it is open.
private func key(_ connection: OpaquePointer) -> UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
}

/// libmicrohttpd read a request line: what the request's calls share from now on is made, with the
/// target exactly as sent (the query too, which libmicrohttpd would otherwise decode and split).
private let requestStarted: URILogCallback = { _, uri, _ in
    Unmanaged.passRetained(RequestInProgress(target: uri.map { String(cString: $0) } ?? "")).toOpaque()
}

/// The type of `MHD_OPTION_URI_LOG_CALLBACK`'s function, which the header does not name.
private typealias URILogCallback =
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer?

/// A connection opened or closed: it is known to the deadlines while open.
private let connectionChanged: MHD_NotifyConnectionCallback = { context, connection, _, change in
    guard let context, let connection else { return }
    let handler = Unmanaged<RequestHandler>.fromOpaque(context).takeUnretainedValue()
    if change == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_STARTED {
        handler.deadlines.opened(key(connection), socket: sitegen_connection_socket(connection))
    } else {
        handler.deadlines.closed(key(connection))
    }
}

/// Holds a streamed body and the bytes it gave that did not fit libmicrohttpd's buffer yet.
private final class StreamReader {
    let stream: any HTTPBodyStream
    var pending: [UInt8] = []
    init(_ stream: any HTTPBodyStream) { self.stream = stream }
}

/// libmicrohttpd's request callback, called until the request is answered. A GET or HEAD
/// without a body is answered at the second call, once the request is whole, so the connection
/// can be kept open for the next one. A POST's body is gathered (up to the limit; a body
/// announced as longer is refused before it is read) and the request answered once it is whole.
/// Any other request is answered at once, before a body is read, and its connection closed.
private let answer: MHD_AccessHandlerCallback = { context, connection, _, method, _, upload, uploadSize, state in
    guard let context, let connection, let method, let state, let started = state.pointee else { return MHD_Result.NO }
    let handler = Unmanaged<RequestHandler>.fromOpaque(context).takeUnretainedValue()
    let progress = Unmanaged<RequestInProgress>.fromOpaque(started).takeUnretainedValue()
    let verb = String(cString: method)
    func reply(body: [UInt8] = [], tooLarge: Bool = false) -> MHD_Result {
        handler.deadlines.answered(key(connection))
        let target = RequestTarget(progress.target)
        let request = HTTPRequest(
            method: verb, target: target,
            headers: values(of: connection, MHD_ValueKind.HEADER_KIND, lowercased: true),
            query: values(of: connection, MHD_ValueKind.GET_ARGUMENT_KIND, lowercased: false), body: body,
            bodyTooLarge: tooLarge)
        return queue(handler.respond(request), on: connection)
    }
    guard progress.headersSeen else {
        progress.headersSeen = true
        let header = { (name: String) in MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name) }
        let hasBody = header("Content-Length") != nil || header("Transfer-Encoding") != nil
        if (verb == "GET" || verb == "HEAD") && !hasBody { return MHD_Result.YES }
        guard verb == "POST" && hasBody else { return reply() }
        if let length = header("Content-Length").flatMap({ Int(String(cString: $0)) }), length > handler.bodyLimit {
            return reply(tooLarge: true)
        }
        progress.receivesBody = true
        return MHD_Result.YES
    }
    guard progress.receivesBody else { return reply() }
    if let upload, let uploadSize, uploadSize.pointee > 0 {
        let count = uploadSize.pointee
        if progress.bytes.count + count > handler.bodyLimit {
            progress.tooLarge = true
            progress.bytes = []
        } else if !progress.tooLarge {
            progress.bytes += UnsafeRawBufferPointer(start: upload, count: count)
        }
        uploadSize.pointee = 0
        return MHD_Result.YES
    }
    return reply(body: progress.bytes, tooLarge: progress.tooLarge)
}

/// libmicrohttpd is done with a request: what it gathered is freed, and the connection's next
/// request is due from now.
private let requestEnded: MHD_RequestCompletedCallback = { context, connection, state, _ in
    if let context, let connection {
        let handler = Unmanaged<RequestHandler>.fromOpaque(context).takeUnretainedValue()
        handler.deadlines.waiting(key(connection))
    }
    guard let state, let started = state.pointee else { return }
    Unmanaged<RequestInProgress>.fromOpaque(started).release()
    state.pointee = nil
}

/// The request's header fields (names lowercased) or query arguments (as sent, still percent-encoded).
private func values(of connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool) -> [String: String] {
    var found: (values: [String: String], lowercased: Bool) = ([:], lowercased)
    withUnsafeMutablePointer(to: &found) { pointer in
        _ = MHD_get_connection_values(
            connection, kind,
            { context, _, key, value in
                guard let context, let key else { return MHD_Result.YES }
                let found = context.assumingMemoryBound(to: ([String: String], Bool).self)
                let name = found.pointee.1 ? String(cString: key).lowercased() : String(cString: key)
                let text = value.map { String(cString: $0) } ?? ""
                // Repeated fields read as one list (RFC 9110, 5.3).
                found.pointee.0[name] = found.pointee.0[name].map { $0 + ", " + text } ?? text
                return MHD_Result.YES
            }, pointer)
    }
    return found.values
}

/// Hands a response to libmicrohttpd, which sends it (leaving the body out for `HEAD` and 304).
private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let made: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
        made = bytes.withUnsafeBytes { buffer in
            MHD_create_response_from_buffer(
                buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
    case .stream(let stream):
        let reader = Unmanaged.passRetained(StreamReader(stream)).toOpaque()
        made = MHD_create_response_from_callback(UInt64.max, 4096, readStream, reader, releaseStream)
        if made == nil { Unmanaged<StreamReader>.fromOpaque(reader).release() }
    }
    guard let made else { return MHD_Result.NO }
    defer { MHD_destroy_response(made) }
    for (name, value) in response.headers {
        guard MHD_add_response_header(made, name, value) == MHD_Result.YES else { return MHD_Result.NO }
    }
    return MHD_queue_response(connection, UInt32(response.status), made)
}

/// libmicrohttpd asks for the next part of a streamed body; the stream may make it wait.
private let readStream: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer else { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
    let reader = Unmanaged<StreamReader>.fromOpaque(context).takeUnretainedValue()
    if reader.pending.isEmpty {
        guard let next = reader.stream.next() else { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
        reader.pending = next
    }
    let count = min(capacity, reader.pending.count)
    guard count > 0 else { return 0 }
    reader.pending.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
    }
    reader.pending.removeFirst(count)
    return count
}

/// libmicrohttpd is done with a streamed body.
private let releaseStream: MHD_ContentReaderFreeCallback = { context in
    if let context { Unmanaged<StreamReader>.fromOpaque(context).release() }
}
