import Foundation
import TestTimeLimits

#if canImport(Glibc)
    import Glibc
#endif

/// A `sitegen serve --port 0` running on a temp site, bound to 127.0.0.1,
/// with its temp folder inside the site's, and always stopped (killed if
/// need be) when the test is done with it.
final class PreviewProcess {
    /// `http://127.0.0.1:PORT` (no trailing slash).
    let origin: String
    /// The port it listens on.
    let port: Int
    /// Its stdout, line by line: the `serving` line, then one per rebuild.
    let stdout: LineReader
    /// Its stderr.
    let stderr: LineReader
    /// Where it makes its temp folders (inside the site's temp folder, so a kill leaves nothing behind).
    let temporary: URL
    private let process: Process

    /// Starts serving `site` with extra arguments; waits (at most 60 s) for the `serving` line.
    init(_ site: TempSite, _ arguments: [String] = [], environment extra: [String: String] = [:]) throws {
        temporary = site.url("serve-tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = Sitegen.binary
        process.arguments = ["serve", "--port", "0", "--host", "127.0.0.1"] + arguments
        process.currentDirectoryURL = site.root
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        stdout = LineReader(out.fileHandleForReading)
        stderr = LineReader(err.fileHandleForReading)
        let first = stdout.wait(for: 1, seconds: 60).first ?? ""
        guard let match = first.wholeMatch(of: /serving http:\/\/127\.0\.0\.1:(\d+)\//), let port = Int(match.1) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw PreviewFailure(message: "no serving line: \(first) \(stderr.all)")
        }
        self.port = port
        origin = "http://127.0.0.1:\(port)"
    }

    /// Stops it with SIGTERM (SIGKILL after 10 s, stretched by `TimeLimits`); returns its exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        let deadline = Date(timeIntervalSinceNow: TimeLimits.seconds(10))
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit { stop() }

    /// The rebuild lines printed so far (every stdout line after `serving`).
    var rebuilds: [String] { Array(stdout.all.dropFirst()) }

    /// Waits up to `seconds` for the rebuild line number `count` (1-based); returns it.
    func waitForRebuild(_ count: Int, seconds: TimeInterval = 20) -> String? {
        let lines = stdout.wait(for: count + 1, seconds: seconds)
        return lines.count > count ? lines[count] : nil
    }

    /// A request to the server with curl.
    func request(
        _ path: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
    ) throws -> HTTPReply {
        try HTTPReply.fetch(origin + path, method: method, headers: headers, body: body)
    }

    /// Opens the live-reload event stream.
    func events() throws -> EventListener { try EventListener(origin + "/_sitegen/events") }
}

/// The server did not start as expected.
struct PreviewFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
