import Foundation

/// Builds the preview with the build pipeline, into a private folder, keeping
/// the pipeline's state in memory from one build to the next (never written:
/// no other build reads a private folder's state). After each build it works out
/// which URLs now have other bytes: outputs whose fingerprint changed, compared
/// byte for byte with the previous tree (still whole beside the new one until
/// the next build), so a page rendered again with the same result is not
/// reloaded. Used from one thread at a time (the server's, then its watcher's).
final class PreviewBuilder: @unchecked Sendable {
    /// The preview folder.
    let output: OutputFolder
    /// The pages of the preview folder rendered from templates, as of the last good build.
    let rendered = RenderedPages()
    private var options: BuildOptions
    private let now: Int64?
    private var state: BuildState?
    /// The files as the watcher saw them before the last good build.
    private var built: WatchedFiles?

    /// A builder for `options` (their output is the preview folder), at the given now or the clock's.
    init(options: BuildOptions, now: Int64?) {
        self.options = options
        self.now = now
        output = OutputFolder(path: options.output.path)
    }

    /// Builds the preview from the site's files, which the watcher saw as `files`
    /// just before (so the pipeline reads again only what changed since the last
    /// good build); a failed build leaves the last one served.
    func build(from files: WatchedFiles?) -> PreviewBuild {
        options.now = now ?? Int64(Date().timeIntervalSince1970)
        let before = state?.live?.files ?? [:]
        let changed = built.flatMap { built in files.map { built.changedPaths(to: $0) } }
        do {
            let (report, next) = try BuildPipeline(options: options).build(
                from: state, storesState: false, changed: changed, landing: rendered.add)
            state = next
            built = files
            var timer = PhaseTimer()
            let changed = changedFiles(before: before, after: next.live?.files ?? [:])
            timer.lap("serve: changed files found")
            Self.releaseLater(report)
            return .built(
                PreviewChange(
                    changed: changed.filter { !$0.hasSuffix(".css") }.map(Self.url),
                    css: changed.contains { $0.hasSuffix(".css") },
                    pages: report.pages, pagesRendered: report.pagesRendered, seconds: report.seconds,
                    warnings: report.warnings, nextPublication: report.nextPublication))
        } catch {
            // The state stays the last good build's, as the stored one does.
            return .failed(error.diagnostics)
        }
    }

    /// Drops a value on another thread: the last build's state and this one's model are
    /// hundreds of thousands of objects at 10k posts, and freeing them took some 100 ms
    /// that the change's event would otherwise wait for.
    private static func releaseLater(_ value: some Sendable) {
        janitor.async { withExtendedLifetime(value) {} }
    }

    private static let janitor = DispatchQueue(label: "sitegen preview: release", qos: .utility)

    /// The output paths whose bytes differ between the last tree and the new one, sorted.
    private func changedFiles(before: [OutputPath: TreeRecord.File], after: [OutputPath: TreeRecord.File]) -> [String] {
        var changed: [String] = []
        var kept = 0  // Paths in both: when all of `before`'s are, nothing was removed.
        for (key, file) in after {
            let path = key.text
            guard let old = before[key] else {
                changed.append(path)
                continue
            }
            kept += 1
            if old.fingerprint == file.fingerprint { continue }
            // The previous tree is now the staging tree, untouched until the next build.
            let oldBytes = try? FileReader.read(output.stagingPath + "/" + path)
            let newBytes = try? FileReader.read(output.path + "/" + path)
            if oldBytes == nil || oldBytes != newBytes { changed.append(path) }
        }
        if kept < before.count { changed += before.keys.filter { after[$0] == nil }.map(\.text) }
        return changed.sorted()
    }

    /// The URL of an output path: `posts/x/index.html` → `/posts/x/`, percent-encoded.
    static func url(_ path: String) -> String {
        var names = path.split(separator: "/").map(String.init)
        if names.last == "index.html" { names[names.count - 1] = "" }
        return "/" + names.map(SitePaths.percentEncoded).joined(separator: "/")
    }
}
