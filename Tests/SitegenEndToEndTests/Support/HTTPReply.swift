import Foundation
import TestTimeLimits

/// One HTTP response, fetched by curl (a real client; the path is sent exactly as given).
struct HTTPReply {
    var status: Int
    /// Header values by lowercased name.
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }

    /// Fetches `url` with curl, at most 10 s (stretched by `TimeLimits`), sending `body` when given.
    static func fetch(
        _ url: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
    ) throws -> HTTPReply {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bodyFile = folder.appendingPathComponent("body").path
        let headerFile = folder.appendingPathComponent("headers").path
        var arguments = [
            "-sS", "--path-as-is", "--max-time", String(TimeLimits.seconds(10)), "-o", bodyFile, "-D", headerFile, "-w",
            "%{http_code}",
        ]
        arguments += method == "HEAD" ? ["-I"] : ["-X", method]
        if let body {
            let sent = folder.appendingPathComponent("sent").path
            try body.write(to: URL(fileURLWithPath: sent))  // Not `createFile`: see `TempSite.replace`.
            arguments += ["--data-binary", "@" + sent]
        }
        // An empty value leaves the header out ("Host:" is how curl is told to send none).
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            arguments += ["-H", value.isEmpty ? "\(name):" : "\(name): \(value)"]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl"] + arguments + [url]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let code = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var fields: [String: String] = [:]
        let headerText = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
        for line in headerText.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        // For HEAD, curl reads no body (and writes the headers where the body would go).
        return HTTPReply(
            status: Int(String(decoding: code, as: UTF8.self)) ?? 0, headers: fields,
            body: method == "HEAD" ? Data() : FileManager.default.contents(atPath: bodyFile) ?? Data())
    }
}

/// The live-reload stream read by `curl -N`, for at most 120 s (stretched by `TimeLimits`); its events' JSON, one by one.
final class EventListener {
    private let process: Process
    private let lines: LineReader
    private var taken = 0

    init(_ url: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-sN", "--max-time", String(TimeLimits.seconds(120)), url]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        lines = LineReader(out.fileHandleForReading)
        guard lines.wait(after: 0, seconds: 10, for: { $0 == ": connected" }) != nil else {
            throw PreviewFailure(message: "the event stream did not open")
        }
    }

    /// The next event's data, waiting at most `seconds`; `nil` if none came.
    func next(seconds: TimeInterval = 20) -> String? {
        guard lines.wait(after: taken, seconds: seconds, for: { $0.hasPrefix("data: ") }) != nil else { return nil }
        let all = lines.all
        guard let index = all.indices.dropFirst(taken).first(where: { all[$0].hasPrefix("data: ") }) else { return nil }
        taken = index + 1
        return String(all[index].dropFirst("data: ".count))
    }

    /// Every event's data received so far after those already taken.
    var pending: [String] {
        lines.all.dropFirst(taken).filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst("data: ".count)) }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
