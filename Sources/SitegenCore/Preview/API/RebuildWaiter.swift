import Foundation

/// Lets a write of the editing API wait until the preview has been rebuilt
/// from the file it wrote, so the answer comes when the pages show the change:
/// the watcher reports the files each finished build started from, and a
/// write waits for a build that saw its file with the status it left it in.
final class RebuildWaiter: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var builtFrom = WatchedFiles()

    /// The watcher finished a build (good or failed) of the files `scan` saw.
    func finished(from scan: WatchedFiles) {
        condition.lock()
        builtFrom = scan
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until a build has seen the file at `sitePath` as it is now, at most `seconds`
    /// (a file written again and again is not waited for longer); false when the time ran out.
    /// "Now" is asked again after each build: a file changed once more right after the write
    /// (an editor saving it too) is built as it is then, and is waited for as it is then.
    @discardableResult
    func waitForBuild(of sitePath: String, in siteRoot: String, seconds: TimeInterval = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while builtFrom.files[sitePath] != FileStatus(path: siteRoot + "/" + sitePath) {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}
