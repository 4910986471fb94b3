import Dispatch
import Foundation

/// Where a build's time goes, for people tuning sitegen: with `SITEGEN_TIMINGS=1`
/// in the environment, each phase's wall time is printed to stderr as it ends.
/// Otherwise it does nothing.
struct PhaseTimer {
    private static let enabled = ProcessInfo.processInfo.environment["SITEGEN_TIMINGS"] == "1"
    private var last = DispatchTime.now().uptimeNanoseconds

    /// Says why a build does more work than an unchanged site needs (one line, only with `SITEGEN_TIMINGS=1`).
    static func note(_ reason: @autoclosure () -> String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("sitegen timing: \(reason())\n".utf8))
    }

    /// Says how much memory the process has held at most so far (only with `SITEGEN_TIMINGS=1`):
    /// `sitegen timing: peak memory 123456 KiB`.
    static func notePeakMemory() {
        guard enabled else { return }
        var usage = rusage()
        #if canImport(Glibc)
            let who = RUSAGE_SELF.rawValue
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return }
        // Linux counts in KiB, macOS in bytes.
        #if canImport(Darwin)
            let kib = usage.ru_maxrss / 1024
        #else
            let kib = usage.ru_maxrss
        #endif
        note("peak memory \(kib) KiB")
    }

    /// Ends the current phase, naming it.
    mutating func lap(_ phase: @autoclosure () -> String) {
        guard Self.enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        FileHandle.standardError.write(Data("sitegen timing: \(phase()) \(Double(now - last) / 1e6) ms\n".utf8))
        last = now
    }
}
