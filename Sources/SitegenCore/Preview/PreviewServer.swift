import Foundation
import Synchronization

/// What `sitegen serve` is asked to do.
package struct PreviewOptions: Sendable {
    /// What to build (the output is replaced by the private preview folder).
    package var build: BuildOptions
    /// The address to listen on: an IP address, or `localhost` for 127.0.0.1.
    package var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    package var port = 8080
    /// The builds' now; `nil` for the clock at each build.
    package var now: Int64?
    /// Serve pages without editing controls, and refuse every write to the editing API.
    package var readOnly = false

    /// Options for serving the site `build` describes.
    package init(build: BuildOptions) { self.build = build }

    /// Whether `host` is a loopback address, which only this machine can reach (`serve` lets
    /// only such a preview's pages edit the site).
    package var isThisMachineOnly: Bool {
        ["localhost", "::1", "0:0:0:0:0:0:0:1"].contains(host.lowercased())
            || (host.hasPrefix("127.") && host.split(separator: ".").count == 4)
    }
}

/// `sitegen serve`: builds the site into a private preview folder, serves it
/// over HTTP, and rebuilds it whenever the site's files change.
///
/// The preview folder is a new temp folder (`sitegen-serve-…/site` in the
/// system's temp folder, the build state beside it as for any output), removed
/// when the server stops: the site's `public/` and its state are never touched,
/// and a preview built with other options (drafts, its own base URL) never
/// mixes with a published build. Each rebuild runs the build pipeline, which
/// takes the output's build lock; the pipeline's state is kept in memory.
package final class PreviewServer: @unchecked Sendable {
    /// The address to open: `http://127.0.0.1:8080/`.
    package let url: String
    /// The first build's outcome.
    package let initial: PreviewBuild

    private let server: HTTPServer
    private let events: ReloadEvents
    private let temporary: String
    private let stopping = StopFlag()
    private let watching = DispatchSemaphore(value: 0)

    /// Why the server could not start.
    package struct Failure: Error, CustomStringConvertible {
        /// What went wrong, in words.
        package var description: String
    }

    /// Builds the site, starts serving it and watching it; `rebuilt` is told of every rebuild after the first.
    package init(_ options: PreviewOptions, rebuilt: @escaping @Sendable (PreviewBuild) -> Void) throws(Failure) {
        let address = options.host == "localhost" ? "127.0.0.1" : options.host
        let socket: ListeningSocket
        do {
            socket = try ListeningSocket(address: address, port: options.port)
        } catch {
            throw Failure(description: "error: \(error)")
        }
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        url = "http://\(shownHost):\(socket.port)/"

        temporary =
            FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-serve-\(UUID().uuidString)").path
        var build = options.build
        build.output = URL(fileURLWithPath: temporary + "/site")
        do {
            // Links and feeds point at the preview, whatever `site.yml` says.
            build.baseURL = try BaseURL(parsing: url)
        } catch {
            throw Failure(description: "error: the preview's address \(error.message)")
        }
        build.editControls = !options.readOnly
        do {
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        } catch {
            throw Failure(
                description: "error: cannot make the preview folder \(temporary): \(error.localizedDescription)")
        }
        let builder = PreviewBuilder(options: build, now: options.now)
        let siteRoot = build.siteRoot.path
        let scanned = WatchedFiles.scan(siteRoot)
        initial = builder.build(from: scanned)
        // The first build left no second tree to build the next one in; making it now, before
        // serving, spares the first edit's rebuild that work (a second at 10k posts, milliseconds
        // for a small site). Nothing changed, so nothing is reloaded.
        if case .built = initial { _ = builder.build(from: scanned) }
        // Even when it failed.
        try? FileManager.default.createDirectory(atPath: builder.output.path, withIntermediateDirectories: true)

        var limits = HTTPLimits()
        // Tests shorten the request deadline, to see a slow client cut off in a second rather than ten.
        if let seconds = ProcessInfo.processInfo.environment["SITEGEN_TEST_REQUEST_SECONDS"].flatMap(Double.init),
            seconds > 0
        {
            limits.requestSeconds = seconds
        }
        let events = ReloadEvents(limit: limits.streams)
        if case .failed(let diagnostics) = initial { events.publish(.failed(diagnostics)) }
        let rebuilds = RebuildWaiter()
        rebuilds.finished(from: scanned)
        let fixedNow = options.now
        let api = EditAPI(
            siteRoot: DirectoryListing.realPath(siteRoot) ?? siteRoot, token: options.readOnly ? nil : .random(),
            rebuilds: rebuilds, now: { fixedNow ?? Int64(Date().timeIntervalSince1970) })
        let responder = PreviewResponder(
            folder: DirectoryListing.realPath(builder.output.path) ?? builder.output.path,
            hosts: HostCheck(boundAddress: address, port: socket.port), events: events, api: api,
            rendered: builder.rendered)
        do {
            server = try HTTPServer(listening: socket, limits: limits, handler: responder.respond)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw Failure(description: "error: \(error)")
        }
        self.events = events

        let initialDue = Self.due(after: initial, fixedNow: fixedNow)
        let stopping = self.stopping
        let watching = self.watching
        Thread.detachNewThread {
            let watcher = SiteWatcher(siteRoot: siteRoot)
            var known = scanned
            // With the clock as now, a post dated later is published by a rebuild once it is due.
            var due = initialDue
            while let next = watcher.nextChange(from: known, due: due, stopped: { stopping.isSet }) {
                known = next
                let outcome = builder.build(from: next)
                switch outcome {
                case .built(let change): events.publish(.built(changed: change.changed, css: change.css))
                case .failed(let diagnostics): events.publish(.failed(diagnostics))
                }
                if case .built = outcome { due = Self.due(after: outcome, fixedNow: fixedNow) }
                rebuilds.finished(from: next)
                rebuilt(outcome)
            }
            watching.signal()
        }
    }

    /// When the next rebuild is due without a change: when a post dated after now is, if now is the clock's.
    private static func due(after build: PreviewBuild, fixedNow: Int64?) -> Date? {
        guard fixedNow == nil, case .built(let change) = build, let next = change.nextPublication else { return nil }
        return Date(timeIntervalSince1970: Double(next))
    }

    /// Stops watching (after a rebuild under way), closes every connection and removes the preview folder.
    package func stop() {
        guard stopping.set() else { return }
        watching.wait()
        events.close()
        server.stop()
        try? FileManager.default.removeItem(atPath: temporary)  // A temp folder: the system clears it if this fails.
    }
}

/// Tells the watcher thread to stop.
private final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Whether the flag is set.
    var isSet: Bool { flag.load(ordering: .acquiring) }

    /// Sets the flag; false when it was set already.
    func set() -> Bool { !flag.exchange(true, ordering: .acquiringAndReleasing) }
}
