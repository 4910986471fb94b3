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
    /// Seconds a connection may stay silent (a slowly sent request included) before it is closed.
    var idleSeconds = 10
    /// Bytes a connection may use for its request line and headers; a larger request gets 431.
    var requestBytes = 32 * 1024
    /// Bytes of a request's body that are read; a longer body is not kept (`HTTPRequest.bodyTooLarge`).
    var bodyBytes = 1 << 20
}

/// The preview's HTTP server: libmicrohttpd does all of HTTP, one thread per
/// connection (a Server-Sent Events stream waits in its own). This is the only
/// file that imports libmicrohttpd; `handler` sees our own request and response values.
final class HTTPServer: @unchecked Sendable {
    private let daemon: OpaquePointer
    private let handler: Unmanaged<RequestHandler>
    private let stopped = Mutex(false)

    /// Starts serving on an open listening socket, which the server then owns.
    init(
        listening socket: ListeningSocket, limits: HTTPLimits,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws(HTTPServerError) {
        signal(SIGPIPE, SIG_IGN)  // A client that leaves mid-response must not end the process.
        let box = Unmanaged.passRetained(RequestHandler(handler, bodyLimit: limits.bodyBytes))
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
                option: MHD_OPTION.NOTIFY_COMPLETED,
                value: Int(bitPattern: unsafeBitCast(requestEnded, to: UnsafeRawPointer.self)), ptr_value: nil),
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
            box.release()
            close(socket.descriptor)
            throw HTTPServerError(message: "libmicrohttpd could not start serving")
        }
        daemon = started
        self.handler = box
    }

    /// Stops serving and closes every connection; waits for their threads to end.
    /// Streams must have ended first (their `next` returning `nil`), or this waits for them.
    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
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

/// Holds the request handler for libmicrohttpd's callbacks.
private final class RequestHandler: Sendable {
    let respond: @Sendable (HTTPRequest) -> HTTPResponse
    let bodyLimit: Int
    init(_ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse, bodyLimit: Int) {
        self.respond = respond
        self.bodyLimit = bodyLimit
    }
}

/// A request whose body is being received: the bytes so far, and whether some had to be dropped.
private final class BodyInProgress {
    var bytes: [UInt8] = []
    var tooLarge = false
}

/// Holds a streamed body and the bytes it gave that did not fit libmicrohttpd's buffer yet.
private final class StreamReader {
    let stream: any HTTPBodyStream
    var pending: [UInt8] = []
    init(_ stream: any HTTPBodyStream) { self.stream = stream }
}

/// What the per-request pointer holds for a request without a body: seen once, answered at the next call.
private var seenOnce: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }

/// libmicrohttpd's request callback, called until the request is answered. A GET or HEAD
/// without a body is answered at the second call, once the request is whole, so the connection
/// can be kept open for the next one. A POST's body is gathered (up to the limit; a body
/// announced as longer is refused before it is read) and the request answered once it is whole.
/// Any other request is answered at once, before a body is read, and its connection closed.
private let answer: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
    guard let context, let connection, let url, let method, let state else { return MHD_Result.NO }
    let handler = Unmanaged<RequestHandler>.fromOpaque(context).takeUnretainedValue()
    let verb = String(cString: method)
    func request(body: [UInt8] = [], tooLarge: Bool = false) -> HTTPRequest {
        HTTPRequest(
            method: verb,
            path: String(decoding: UnsafeRawBufferPointer(start: url, count: strlen(url)), as: UTF8.self),
            headers: values(of: connection, MHD_ValueKind.HEADER_KIND, lowercased: true),
            query: values(of: connection, MHD_ValueKind.GET_ARGUMENT_KIND, lowercased: false), body: body,
            bodyTooLarge: tooLarge)
    }
    guard let started = state.pointee else {
        let header = { (name: String) in MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name) }
        let hasBody = header("Content-Length") != nil || header("Transfer-Encoding") != nil
        if (verb == "GET" || verb == "HEAD") && !hasBody {
            state.pointee = seenOnce
            return MHD_Result.YES
        }
        guard verb == "POST" && hasBody else { return queue(handler.respond(request()), on: connection) }
        if let length = header("Content-Length").flatMap({ Int(String(cString: $0)) }), length > handler.bodyLimit {
            return queue(handler.respond(request(tooLarge: true)), on: connection)
        }
        state.pointee = Unmanaged.passRetained(BodyInProgress()).toOpaque()
        return MHD_Result.YES
    }
    if started == seenOnce { return queue(handler.respond(request()), on: connection) }
    let body = Unmanaged<BodyInProgress>.fromOpaque(started).takeUnretainedValue()
    if let upload, let uploadSize, uploadSize.pointee > 0 {
        let count = uploadSize.pointee
        if body.bytes.count + count > handler.bodyLimit {
            body.tooLarge = true
            body.bytes = []
        } else if !body.tooLarge {
            body.bytes += UnsafeRawBufferPointer(start: upload, count: count)
        }
        uploadSize.pointee = 0
        return MHD_Result.YES
    }
    return queue(handler.respond(request(body: body.bytes, tooLarge: body.tooLarge)), on: connection)
}

/// libmicrohttpd is done with a request: a body gathered for it is freed.
private let requestEnded: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let started = state.pointee, started != seenOnce else { return }
    Unmanaged<BodyInProgress>.fromOpaque(started).release()
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
