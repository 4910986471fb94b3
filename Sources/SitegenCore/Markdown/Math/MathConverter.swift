import Foundation
import Synchronization

/// The one place sitegen runs the TeX-to-MathML converter: KaTeX, in one
/// long-lived `node` process per sitegen process, started when a page first
/// needs an expression nobody converted before. Expressions go to it in
/// batches, one JSON line each; it answers one JSON line each, in order.
/// The script it runs is ours (`script`): it loads the KaTeX module installed
/// beside the `katex` command (Debian's `katex` package, or `npm install -g katex`).
final class MathConverter: Sendable {
    /// Where KaTeX and the `node` that runs it are, and KaTeX's version.
    struct Installation: Sendable, Equatable {
        var node: String
        var module: String
        /// `katex 0.16.4`: part of every cached expression's key.
        var version: String
    }

    /// What the converter made of one expression.
    enum Output: Sendable, Equatable {
        case mathML(String)
        /// KaTeX could not read the TeX: its words.
        case rejected(String)
        /// The converter could not run (this expression was never converted): what to install.
        case unavailable(String)
    }

    /// The converter cannot be used: its words say what to install.
    struct Unavailable: Error, Sendable, Equatable {
        var message: String
    }

    /// How every message of an unavailable converter starts.
    static let unavailablePrefix = "math needs KaTeX"

    static let missing = Unavailable(
        message:
            "math needs KaTeX to turn TeX into MathML, and no katex command was found: install it "
            + "(apt-get install katex on Debian, or npm install -g katex with Node.js), then build again")

    /// The version of the converter `PATH` finds, or `""` when there is none: what the MathML of
    /// unchanged math depends on (looked for, not started).
    static var installedVersion: String {
        do {
            return try locate().version
        } catch {
            return ""  // No converter: math not converted before is an error when a page has it.
        }
    }

    /// Finds `katex` and `node` on `PATH`; reads KaTeX's version from its `package.json`.
    static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(Unavailable) -> Installation
    {
        let folders = (path ?? "").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            folders.lazy.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard let command = find("katex"), let node = find("node") ?? find("nodejs") else { throw missing }
        // The command is a link to the module's `cli.js`: the module is the folder it is in.
        let module = URL(fileURLWithPath: command).resolvingSymlinksInPath().deletingLastPathComponent().path
        guard let data = FileManager.default.contents(atPath: module + "/package.json"),
            let package = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let version = package["version"] as? String
        else {
            throw Unavailable(
                message:
                    "math needs KaTeX, and the katex command found at \(command) is not beside its module: install it again"
            )
        }
        return Installation(node: node, module: module, version: "katex " + version)
    }

    private struct Running {
        var process: Process
        var input: FileHandle
        var output: Int32
        var buffered: [UInt8] = []
    }

    let installation: Installation
    private let running = Mutex<Running?>(nil)

    init(_ installation: Installation) {
        self.installation = installation
    }

    deinit {
        running.withLock { running in
            guard let running else { return }
            try? running.input.close()  // node ends when its input does.
            running.process.waitUntilExit()
        }
    }

    /// Converts `expressions` (TeX, shown as a block or not), in one exchange with the process.
    func convert(_ expressions: [(tex: String, display: Bool)]) throws(Unavailable) -> [Output] {
        guard !expressions.isEmpty else { return [] }
        let result = running.withLock { running -> Result<[Output], Unavailable> in
            do {
                if running == nil { running = try start() }
                return .success(try exchange(expressions, with: &running!))
            } catch let failure as Unavailable {
                running = nil
                return .failure(failure)
            } catch {
                running = nil
                return .failure(Unavailable(message: "math needs KaTeX, and the converter failed: \(error)"))
            }
        }
        return try result.get()
    }

    private struct Request: Encodable {
        var tex: String
        var display: Bool
    }

    private struct Reply: Decodable {
        var mathml: String?
        var error: String?
    }

    private func start() throws -> Running {
        // A converter that stopped must not end sitegen when it is written to.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: installation.node)
        process.arguments = ["-e", Self.script, installation.module]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Unavailable(
                message:
                    "math needs KaTeX, and \(installation.node) could not be started: \(error.localizedDescription)")
        }
        return Running(
            process: process, input: input.fileHandleForWriting, output: output.fileHandleForReading.fileDescriptor)
    }

    private func exchange(_ expressions: [(tex: String, display: Bool)], with running: inout Running) throws -> [Output]
    {
        let encoder = JSONEncoder()
        var batch = Data()
        for expression in expressions {
            batch.append(try encoder.encode(Request(tex: expression.tex, display: expression.display)))
            batch.append(0x0A)
        }
        do {
            try running.input.write(contentsOf: batch)
        } catch {
            throw stopped
        }
        let decoder = JSONDecoder()
        return try expressions.map { _ in
            let reply = try decoder.decode(Reply.self, from: Data(try line(from: &running)))
            if let mathML = reply.mathml { return .mathML(mathML) }
            return .rejected(reply.error ?? "the converter gave nothing")
        }
    }

    private var stopped: Unavailable {
        Unavailable(
            message: "math needs KaTeX, and the converter (\(installation.version) run by \(installation.node)) stopped"
        )
    }

    /// The next line the process wrote, without its line break.
    private func line(from running: inout Running) throws(Unavailable) -> [UInt8] {
        while true {
            if let end = running.buffered.firstIndex(of: 0x0A) {
                let line = Array(running.buffered[..<end])
                running.buffered.removeSubrange(...end)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(running.output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw stopped }
            running.buffered.append(contentsOf: chunk[..<count])
        }
    }

    /// Our converter: reads `{"tex", "display"}` lines, writes `{"mathml"}` or `{"error"}` lines.
    /// Only the `<math>` element is kept of what KaTeX writes (its `span` is for its own CSS).
    static let script = """
        const katex = require(process.argv[1]);
        const lines = require('readline').createInterface({ input: process.stdin });
        lines.on('line', (line) => {
          const request = JSON.parse(line);
          let reply;
          try {
            const html = katex.renderToString(request.tex, {
              output: 'mathml', displayMode: request.display, throwOnError: true,
            });
            reply = { mathml: html.slice(html.indexOf('<math'), html.lastIndexOf('</math>') + 7) };
          } catch (error) {
            const words = String(error && error.message ? error.message : error);
            reply = {
              error: words.replace(/^KaTeX parse error: /, '').replace(/ at (position \\d+|end of input):[\\s\\S]*$/, ''),
            };
          }
          process.stdout.write(JSON.stringify(reply) + '\\n');
        });
        """
}
