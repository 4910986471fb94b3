import Foundation

/// Notices changes to the site by scanning it (`WatchedFiles`) a few times a
/// second: no file-system events API, so it works the same on Linux and macOS,
/// and a scan of a big site's metadata takes a few milliseconds. A change is
/// handed on only once the files have stood still for `quiet` seconds, so an
/// editor's save (a temp file renamed over the old one, or a truncate then a
/// write) and several files saved at once make one change, not several.
struct SiteWatcher: Sendable {
    /// The site folder.
    let siteRoot: String
    /// Seconds between scans while nothing changes (longer when a scan is slow).
    var interval: TimeInterval = 0.1
    /// Seconds the files must stay unchanged before a change is handed on.
    var quiet: TimeInterval = 0.1
    /// Seconds of changes without a pause after which a change is handed on anyway.
    var longest: TimeInterval = 2

    /// Waits until the files differ from `known` and then stand still; returns
    /// them as they are then, or `nil` as soon as `stopped` says so.
    func nextChange(from known: WatchedFiles, stopped: () -> Bool) -> WatchedFiles? {
        var pause = interval
        while true {
            if !sleep(pause, unless: stopped) { return nil }
            let started = Date()
            let now = WatchedFiles.scan(siteRoot)
            pause = max(interval, Date().timeIntervalSince(started) * 4)
            guard now != known else { continue }
            return settled(now, stopped: stopped)
        }
    }

    /// Scans until two scans `quiet` seconds apart agree (or `longest` has passed).
    private func settled(_ first: WatchedFiles, stopped: () -> Bool) -> WatchedFiles? {
        let started = Date()
        var latest = first
        while Date().timeIntervalSince(started) < longest {
            if !sleep(quiet, unless: stopped) { return nil }
            let again = WatchedFiles.scan(siteRoot)
            if again == latest { return latest }
            latest = again
        }
        return latest
    }

    /// Sleeps in short steps, checking `stopped`; false when stopped.
    private func sleep(_ seconds: TimeInterval, unless stopped: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if stopped() { return false }
            Thread.sleep(forTimeInterval: min(0.02, max(0, deadline.timeIntervalSinceNow)))
        }
        return !stopped()
    }
}
