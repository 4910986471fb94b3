import Foundation

/// Notices changes to the site and hands each on once the files have stood
/// still for a moment, so an editor's save (a temp file renamed over the old
/// one, or a truncate then a write) and several files saved at once make one
/// change, not several. What changed is always decided by comparing
/// `WatchedFiles` scans; on Linux, inotify (`FileEvents`) says when to scan,
/// elsewhere the site is scanned a few times a second.
final class SiteWatcher {
    /// The site folder.
    let siteRoot: String
    private let events: FileEventSource

    /// A watcher of the site at `siteRoot`.
    init(siteRoot: String) {
        self.siteRoot = siteRoot
        events = FileEventSource(siteRoot: siteRoot)
    }

    /// Waits until the files differ from `known` and then stand still; returns
    /// them as they are then, or `nil` as soon as `stopped` says so.
    func nextChange(from known: WatchedFiles, stopped: () -> Bool) -> WatchedFiles? {
        var waits = false  // The first look is at once: something may have changed before the watches were set.
        while true {
            if waits && !events.waitForActivity(stopped: stopped) { return nil }
            waits = true
            let now = scan()
            guard now != known else { continue }
            return settled(now, stopped: stopped)
        }
    }

    /// Scans, watching any new folder.
    private func scan() -> WatchedFiles {
        let scan = WatchedFiles.scan(siteRoot)
        events.watch(scan.folders.map { siteRoot + "/" + $0 })
        return scan
    }

    /// Waits until the files stop changing (or `longest` seconds of changes have passed).
    private func settled(_ first: WatchedFiles, stopped: () -> Bool) -> WatchedFiles? {
        let started = Date()
        var latest = first
        while Date().timeIntervalSince(started) < Self.longest {
            switch events.waitForQuiet(stopped: stopped) {
            case nil: return nil
            case false?: continue  // More events: not still yet.
            case true?:
                let again = scan()
                if again == latest { return latest }
                latest = again
            }
        }
        return latest
    }

    /// Seconds of changes without a pause after which a change is handed on anyway.
    private static let longest: TimeInterval = 2
}

/// When to look at the files: inotify's events where there are any, else a clock.
private struct FileEventSource {
    #if canImport(Glibc)
        private let events: FileEvents?
    #endif

    /// Seconds between scans without events (and between safety scans with them, in case one was missed).
    private var interval: TimeInterval { hasEvents ? 1 : 0.1 }
    /// Seconds without a change that make the files still.
    private var quiet: TimeInterval { hasEvents ? 0.01 : 0.1 }

    init(siteRoot: String) {
        #if canImport(Glibc)
            events = FileEvents(siteRoot: siteRoot)
        #endif
    }

    private var hasEvents: Bool {
        #if canImport(Glibc)
            return events != nil
        #else
            return false
        #endif
    }

    /// Watches new folders, when events are available.
    func watch(_ folders: [String]) {
        #if canImport(Glibc)
            events?.watch(folders)
        #endif
    }

    /// Waits for a sign of change (an event, or the next scan's time); false when stopped.
    func waitForActivity(stopped: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: interval)
        while Date() < deadline {
            if stopped() { return false }
            if wait(min(0.05, max(0, deadline.timeIntervalSinceNow))) { return true }
        }
        return !stopped()
    }

    /// Waits `quiet` seconds: true when they passed without a change (with events) or at all (without),
    /// false when an event came first, `nil` when stopped.
    func waitForQuiet(stopped: () -> Bool) -> Bool? {
        if stopped() { return nil }
        if hasEvents { return !wait(quiet) }
        Thread.sleep(forTimeInterval: quiet)
        return stopped() ? nil : true
    }

    /// Waits up to `seconds` for an event (or just sleeps without events); whether one came.
    private func wait(_ seconds: TimeInterval) -> Bool {
        #if canImport(Glibc)
            if let events { return events.wait(seconds) }
        #endif
        Thread.sleep(forTimeInterval: seconds)
        return false
    }
}
