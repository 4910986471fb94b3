import Foundation

/// Notices changes to the site and hands each on once the files have stood
/// still for a moment, so an editor's save (a temp file renamed over the old
/// one, or a truncate then a write) and several files saved at once make one
/// change, not several. What changed is decided by comparing `WatchedFiles`:
/// on Linux, inotify (`FileEvents`) names the paths to look at again, and the
/// whole site is scanned only at the start, every few seconds in case an event
/// was missed, and when the kernel says events were lost; elsewhere the site
/// is scanned a few times a second.
final class SiteWatcher {
    /// The site folder.
    let siteRoot: String
    private let events: FileEventSource
    /// Whether the site has been scanned (and its folders watched) once.
    private var scanned = false

    /// A watcher of the site at `siteRoot`.
    init(siteRoot: String) {
        self.siteRoot = siteRoot
        events = FileEventSource(siteRoot: siteRoot)
    }

    /// Waits until the files differ from `known` and then stand still, or until `due` (a
    /// scheduled post's time) has come, within a second; returns the files as they are
    /// then, or `nil` as soon as `stopped` says so.
    func nextChange(from known: WatchedFiles, due: Date? = nil, stopped: () -> Bool) -> WatchedFiles? {
        // The first look is a scan, at once: something may have changed before the watches were
        // set. Later ones start from what the last one handed on; events since are queued.
        var now = scanned ? known : scan()
        scanned = true
        while true {
            if let due, Date() >= due { return now }
            if now != known { return settled(now, stopped: stopped) }
            guard let activity = events.waitForActivity(stopped: stopped) else { return nil }
            now = look(at: activity, from: now)
        }
    }

    /// The files after `activity`: the named paths looked at again, or a whole scan.
    private func look(at activity: FileEventSource.Activity, from files: WatchedFiles) -> WatchedFiles {
        guard case .paths(let paths) = activity else { return scan() }
        var timer = PhaseTimer()
        var files = files
        let prefix = siteRoot + "/"
        let relative = Set(paths.compactMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil })
        let walked = files.refresh(relative, siteRoot: siteRoot)
        events.watch(walked.map { prefix + $0 })
        timer.lap("serve: \(Plural.count(relative.count, "path")) looked at")
        return files
    }

    /// Scans the whole site, watching every folder.
    private func scan() -> WatchedFiles {
        var timer = PhaseTimer()
        let scan = WatchedFiles.scan(siteRoot)
        events.watch(scan.folders.map { siteRoot + "/" + $0 })
        timer.lap("serve: scan of \(Plural.count(scan.files.count, "file"))")
        return scan
    }

    /// Waits until the files stop changing (or `longest` seconds of changes have passed).
    private func settled(_ first: WatchedFiles, stopped: () -> Bool) -> WatchedFiles? {
        let started = Date()
        var latest = first
        while Date().timeIntervalSince(started) < Self.longest {
            guard let activity = events.waitForQuiet(stopped: stopped) else { return nil }
            switch activity {
            case .quiet: return latest
            case .some(let activity):
                let again = look(at: activity, from: latest)
                // Without events, still means two scans alike.
                if case .everywhere = activity, again == latest { return latest }
                latest = again
            }
        }
        return latest
    }

    /// Seconds of changes without a pause after which a change is handed on anyway.
    private static let longest: TimeInterval = 2
}

/// When and where to look at the files: inotify's events where there are any, else a clock.
private struct FileEventSource {
    #if canImport(Glibc)
        private let events: FileEvents?
    #endif

    /// Where to look.
    enum Activity {
        /// At these paths (absolute).
        case paths(Set<String>)
        /// Everywhere: a scan is due.
        case everywhere
    }

    /// What waiting for quiet found.
    enum Quiet {
        /// Nothing happened for the quiet time.
        case quiet
        /// Something did.
        case some(Activity)
    }

    /// Seconds between scans without events (and between safety scans with them, in case one was missed).
    private var interval: TimeInterval { hasEvents ? 5 : 0.1 }
    /// Seconds without a change that make the files still.
    private var quiet: TimeInterval { hasEvents ? 0.01 : 0.1 }

    init(siteRoot: String) {
        #if canImport(Glibc)
            events = FileEvents(siteRoot: siteRoot)
        #endif
    }

    /// Whether paths come from events (else every look is a scan).
    private var hasEvents: Bool {
        #if canImport(Glibc)
            return events?.watchesAll ?? false
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

    /// Waits for a sign of change (events, or the next scan's time); `nil` when stopped.
    func waitForActivity(stopped: () -> Bool) -> Activity? {
        let deadline = Date(timeIntervalSinceNow: interval)
        while Date() < deadline {
            if stopped() { return nil }
            if let activity = wait(min(0.05, max(0, deadline.timeIntervalSinceNow))) { return activity }
        }
        return stopped() ? nil : .everywhere
    }

    /// Waits `quiet` seconds: `.quiet` when they passed without a change (with events) or at all
    /// (without: then the files are scanned again, and the watcher compares), `nil` when stopped.
    func waitForQuiet(stopped: () -> Bool) -> Quiet? {
        if stopped() { return nil }
        guard hasEvents else {
            Thread.sleep(forTimeInterval: quiet)
            return stopped() ? nil : .some(.everywhere)
        }
        return wait(quiet).map(Quiet.some) ?? .quiet
    }

    /// Waits up to `seconds` for events (or just sleeps without them); what came, if anything.
    private func wait(_ seconds: TimeInterval) -> Activity? {
        #if canImport(Glibc)
            if let events, hasEvents {
                switch events.wait(seconds) {
                case nil: return nil
                case .paths(let paths)?: return .paths(paths)
                case .unknown?: return .everywhere
                }
            }
        #endif
        Thread.sleep(forTimeInterval: seconds)
        return nil
    }
}
