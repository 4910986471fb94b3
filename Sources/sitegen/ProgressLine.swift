import Dispatch
import Foundation
import Synchronization

/// A one-line "pages done / total" display on a terminal's stderr, shown only
/// once work has taken more than a second, and erased when done.
final class ProgressLine: Sendable {
    private let enabled: Bool
    private let started = DispatchTime.now().uptimeNanoseconds
    private let shown = Mutex(false)

    /// A progress line that draws only when `enabled` (a terminal, not `--quiet`).
    init(enabled: Bool) { self.enabled = enabled }

    /// Shows the latest count; safe to call from any thread.
    func update(done: Int, total: Int) {
        guard enabled, DispatchTime.now().uptimeNanoseconds - started > 1_000_000_000 else { return }
        shown.withLock { shown in
            shown = true
            FileHandle.standardError.write(Data("\rwriting pages \(done)/\(total)\u{1B}[K".utf8))
        }
    }

    /// Erases the line if it was drawn.
    func finish() {
        shown.withLock { shown in
            if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
    }
}
