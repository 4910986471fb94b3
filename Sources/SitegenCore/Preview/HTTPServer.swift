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
        let box = Unmanaged.passRetained(RequestHandler(handler))
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
    init(_ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.respond = respond }
}

/// Holds a streamed body and the bytes it gave that did not fit libmicrohttpd's buffer yet.
private final class StreamReader {
    let stream: any HTTPBodyStream
    var pending: [UInt8] = []
    init(_ stream: any HTTPBodyStream) { self.stream = stream }
}

/// libmicrohttpd's request callback. A GET or HEAD without a body is answered at the second
/// call, once the request is whole, so the connection can be kept open for the next one; any
/// other request is answered at once, before its body is read (the preview accepts none), and
/// its connection is closed.
private let answer: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, _, state in
    guard let context, let connection, let url, let method, let state else { return MHD_Result.NO }
    let verb = String(cString: method)
    let hasBody = ["Content-Length", "Transfer-Encoding"].contains { (name: String) in
        MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name) != nil
    }
    if state.pointee == nil && (verb == "GET" || verb == "HEAD") && !hasBody {
        state.pointee = UnsafeMutableRawPointer(bitPattern: 1)  // Seen once; answered at the next call.
        return MHD_Result.YES
    }
    let handler = Unmanaged<RequestHandler>.fromOpaque(context).takeUnretainedValue()
    let request = HTTPRequest(
        method: verb, path: String(decoding: UnsafeRawBufferPointer(start: url, count: strlen(url)), as: UTF8.self),
        headers: headers(of: connection))
    return queue(handler.respond(request), on: connection)
}

/// The request's header fields, names lowercased.
private func headers(of connection: OpaquePointer) -> [String: String] {
    var headers: [String: String] = [:]
    withUnsafeMutablePointer(to: &headers) { pointer in
        _ = MHD_get_connection_values(
            connection, MHD_ValueKind.HEADER_KIND,
            { context, _, key, value in
                guard let context, let key else { return MHD_Result.YES }
                let headers = context.assumingMemoryBound(to: [String: String].self)
                let name = String(cString: key).lowercased()
                let text = value.map { String(cString: $0) } ?? ""
                // Repeated fields read as one list (RFC 9110, 5.3).
                headers.pointee[name] = headers.pointee[name].map { $0 + ", " + text } ?? text
                return MHD_Result.YES
            }, pointer)
    }
    return headers
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
