import Foundation
import SitegenCore

/// Options shared by the commands that read a site.
enum SiteOptions {
    /// The options of `build` and `check` that choose what is published, for their help.
    static let publishingHelp = """
          --drafts         include posts marked `draft: true`
          --future         include posts dated after now
          --now DATE       the time the build takes as now, as a date like 2024-05-01T09:30:00+09:00
                           (UTC when no offset is given) or seconds since 1970; default: the
                           SOURCE_DATE_EPOCH environment variable, else the clock. The same site
                           and the same now always give the same bytes.
        """

    /// Build options from `--site`, `--output`, `--drafts`, `--future`, `--now`, `--base-url`.
    static func buildOptions(from scanner: ArgumentScanner, usage: String) throws(UsageError) -> BuildOptions {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let site = try siteRoot(from: scanner, usage: usage)
        let output = scanner.value("output").map { URL(fileURLWithPath: $0, relativeTo: current) }
        var options = BuildOptions(siteRoot: site, output: output)
        options.includeDrafts = scanner.flag("drafts")
        options.includeFuture = scanner.flag("future")
        if let now = try now(from: scanner, usage: usage) { options.now = now }
        options.baseURL = try baseURL(from: scanner, usage: usage)
        return options
    }

    /// `--base-url URL`, parsed as `site.yml`'s `base_url` is; `nil` when not given.
    static func baseURL(from scanner: ArgumentScanner, usage: String) throws(UsageError) -> BaseURL? {
        guard let written = scanner.value("base-url") else { return nil }
        do {
            return try BaseURL(parsing: written)
        } catch {
            throw UsageError(message: "--base-url \(error.message)", usage: usage)
        }
    }

    /// The build's now from `--now` or `SOURCE_DATE_EPOCH`; `nil` for the clock.
    static func now(from scanner: ArgumentScanner, usage: String) throws(UsageError) -> Int64? {
        if let text = scanner.value("now") {
            if let seconds = Int64(text) { return seconds }
            guard let date = ContentDate(parsing: text) else {
                throw UsageError(
                    message:
                        "--now must be a date like 2024-05-01 or 2024-05-01T09:30:00+09:00, or seconds since 1970; got \"\(text)\"",
                    usage: usage)
            }
            return date.secondsSince1970
        }
        guard let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty else { return nil }
        guard let seconds = Int64(epoch) else {
            throw UsageError(
                message: "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, got \"\(epoch)\"",
                usage: usage)
        }
        return seconds
    }

    /// The site folder from `--site` (default: the current folder); it must exist.
    static func siteRoot(from scanner: ArgumentScanner, usage: String) throws(UsageError) -> URL {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let site = scanner.value("site").map { URL(fileURLWithPath: $0, relativeTo: current) } ?? current
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError(message: "site folder \(site.path) does not exist", usage: usage)
        }
        return site
    }

    /// A path as the user would like to see it: relative to the current folder when inside it.
    static func display(_ url: URL) -> String {
        let current = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) + "/" }
        return path + "/"
    }
}
