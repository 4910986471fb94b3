#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Named moments of a build at which a test can have the process killed
/// (`SITEGEN_CRASH_AT=<name>` in its environment: the process sends itself
/// SIGKILL there), to prove that a kill at exactly that moment loses nothing.
/// Without the variable a crash point costs one comparison.
enum CrashPoint {
    private static let armed: String? = getenv("SITEGEN_CRASH_AT").map { String(cString: $0) }

    /// Kills the process if the environment names this moment.
    static func reached(_ name: @autoclosure () -> String) {
        guard let armed, armed == name() else { return }
        kill(getpid(), SIGKILL)
    }
}
