import SitegenCore

extension SitegenCommand {
    /// Prints why an edit wrote nothing and returns exit code 1.
    static func report(_ failure: EditFailure, console: Console) -> Int32 {
        switch failure {
        case .refused(let diagnostics): report(diagnostics, console: console, failing: "nothing was written")
        case .changedOnDisk, .failed: console.err("error: \(failure)\n")
        }
        return 1
    }
}
