import Foundation

/// What a run of the `sitegen` executable did.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the built `sitegen` binary, as a user would.
enum Sitegen {
    /// The binary SwiftPM built beside this test bundle.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["SITEGEN_BINARY"] { return URL(fileURLWithPath: path) }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [beside, beside.deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("sitegen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return repositoryRoot.appendingPathComponent(".build/debug/sitegen")
    }()

    /// The repository root (for the sample site).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `sitegen` with arguments in a folder, with optional standard input and extra environment;
    /// `launcher` (a program and its arguments, such as `setpriv` dropping to another user) runs it when given.
    @discardableResult
    static func run(
        _ arguments: [String], in folder: URL? = nil, stdin: String? = nil, environment: [String: String] = [:],
        launcher: [String] = []
    ) throws -> RunResult {
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        if let folder { process.currentDirectoryURL = folder }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty process cannot block on a full pipe.
        let errData = ErrorCollector(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self))
    }
}

extension Sitegen {
    /// Starts `sitegen build --quiet` in a folder and kills it (SIGKILL) after `microseconds`.
    static func buildKilled(in folder: URL, after microseconds: UInt32) throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["build", "--quiet"]
        process.currentDirectoryURL = folder
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(microseconds)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// Reads a file handle to its end on another thread.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
