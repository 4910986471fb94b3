import Dispatch
import Foundation
import SitegenCore

/// `sitegen serve`: the live preview.
enum ServeCommand: SitegenCommand {
    static let name = "serve"
    static let summary = "preview the site, rebuilt and reloaded as you edit"
    static let usage =
        "usage: sitegen serve [--site DIR] [--port N] [--host ADDR] [--drafts] [--future] [--read-only] [--open]"
    static let help = """
        \(usage)

        Builds the site into a private preview folder (a temp folder, removed on
        exit; public/ is never touched), serves it, and rebuilds it whenever
        site.yml or a file under content/, templates/ or static/ changes. Only the
        pages whose bytes changed are redone, and open pages reload only when they
        are among them; a stylesheet change is applied without a reload. A failed
        rebuild is shown over the open pages while the last good preview is still
        served.

        The served pages carry editing controls: a new-post form, an edit form on
        each post, the counter's − and + and favorites, a popup for each menu item,
        a draft of a profile's bio. They write the content files through the same
        code as `sitegen edit`, `new` and `primes` (same rules, only the bytes
        named change, atomic replace; a file changed on disk meanwhile is not
        overwritten), then the pages reload. Scripts can use the same JSON API
        (see the README, "Editing in the preview"). Only pages this preview
        served can write: each write carries a token the pages hold.

        Prints `serving http://HOST:PORT/` first, then one line per rebuild.
        Stop it with Ctrl-C.

        options:
          --site DIR       the site folder (default: the current folder)
          --port N         the port to listen on (default: 8080; 0 picks a free one)
          --host ADDR      the IP address to listen on (default: 127.0.0.1, this machine
                           only); 0.0.0.0 lets every machine that can reach this one read
                           the preview
          --drafts         include posts marked `draft: true`
          --future         include posts dated after now
          --read-only      serve the pages without their editing controls, and refuse
                           every write to the editing API (/_sitegen/api/)
          --open           open the preview in the web browser
          -h, --help       show this help

        Exit status: 0 stopped, 1 could not start, 2 bad usage.

        """

    static func run(_ arguments: [String], console: Console) throws {
        let scanner = try ArgumentScanner(
            arguments, valued: ["site", "port", "host"], flags: ["drafts", "future", "read-only", "open"], usage: usage)
        if scanner.flag("help") { return console.out(help) }
        try scanner.expectPositionals(0...0, what: "")
        var options = PreviewOptions(build: try SiteOptions.buildOptions(from: scanner, usage: usage))
        options.now = try SiteOptions.now(from: scanner, usage: usage)
        if let port = scanner.value("port") {
            guard let number = Int(port), (0...65535).contains(number) else {
                throw UsageError(message: "--port must be a number from 0 to 65535, got \"\(port)\"", usage: usage)
            }
            options.port = number
        }
        if let host = scanner.value("host") { options.host = host }
        options.readOnly = scanner.flag("read-only")

        let stop = DispatchSemaphore(value: 0)
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        defer { for source in signals { source.cancel() } }

        let server: PreviewServer
        do {
            server = try PreviewServer(options) { report($0, console: console) }
        } catch {
            throw CommandFailure(message: "\(error)")
        }
        if case .built(let change) = server.initial {
            for warning in change.warnings { console.err("\(warning)\n") }
            console.err("built \(Plural.count(change.pages, "page")) in \(String(format: "%.2f", change.seconds)) s\n")
        } else if case .failed(let diagnostics) = server.initial {
            report(diagnostics, console: console, failing: "fix them and the preview is built")
        }
        if ["0.0.0.0", "::"].contains(options.host) {
            console.err(
                "warning: listening on every network interface: anyone who can reach this machine can read the preview\n"
            )
        }
        console.out("serving \(server.url)\n")
        if scanner.flag("open") { openBrowser(server.url, console: console) }
        stop.wait()
        server.stop()
    }

    /// One line on stdout per rebuild; diagnostics on stderr.
    private static func report(_ build: PreviewBuild, console: Console) {
        switch build {
        case .built(let change):
            for warning in change.warnings { console.err("\(warning)\n") }
            let changed = change.changed.isEmpty ? "nothing changed" : "changed " + fewOf(change.changed)
            let css = change.css ? " (and the stylesheet)" : ""
            console.out(
                "rebuilt: \(change.pagesRendered) of \(Plural.count(change.pages, "page")) rendered in "
                    + "\(String(format: "%.3f", change.seconds)) s; \(changed)\(css)\n")
        case .failed(let diagnostics):
            let errors = report(diagnostics, console: console, failing: "the last good preview is still served")
            console.out("rebuild failed: \(Plural.count(errors, "error")); the last good preview is still served\n")
        }
    }

    /// Opens the URL with the system's opener (`open` on macOS, `xdg-open` elsewhere), without waiting for it.
    private static func openBrowser(_ url: String, console: Console) {
        let process = Process()
        #if os(macOS)
            let opener = "open"
        #else
            let opener = "xdg-open"
        #endif
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [opener, url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            console.err(
                "warning: could not open a browser (\(opener)): \(error.localizedDescription); open \(url) yourself\n")
        }
    }
}
