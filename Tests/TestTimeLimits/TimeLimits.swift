import Foundation

/// The tests' time limits, written as they hold for a plain debug build and
/// stretched here, in one place, for a slower build of the same code.
///
/// A sanitized build runs the same work several times slower (the address
/// sanitizer checks every memory access; a loaded machine adds to it), so
/// `make test-sanitize` sets `SITEGEN_TEST_SLOWDOWN` (such as `10`) and every
/// limit a test waits for, or expects the work to finish within, is multiplied
/// by it. Unset, each limit is exactly as written. Only limits scale: a wait that
/// makes a server's own timeout pass, or a moment something must not happen
/// before, is a fact of the test and stays as it is.
public enum TimeLimits {
    /// How many times slower this run is than a plain debug build: 1 unless `SITEGEN_TEST_SLOWDOWN` says.
    public static let slowdown: Double = {
        guard let text = ProcessInfo.processInfo.environment["SITEGEN_TEST_SLOWDOWN"] else { return 1 }
        guard let factor = Double(text), factor >= 1, factor.isFinite else {
            fatalError("SITEGEN_TEST_SLOWDOWN must be a number of at least 1 (how many times slower), not \"\(text)\"")
        }
        return factor
    }()

    /// A limit of `seconds`, stretched.
    public static func seconds(_ seconds: TimeInterval) -> TimeInterval { seconds * slowdown }

    /// A limit as a `Duration`, stretched.
    public static func duration(_ duration: Duration) -> Duration { duration * slowdown }

    /// A limit of whole `minutes` (as `.timeLimit(.minutes(_:))` takes them), stretched and rounded up.
    public static func minutes(_ minutes: Int) -> Int { Int((Double(minutes) * slowdown).rounded(.up)) }
}
