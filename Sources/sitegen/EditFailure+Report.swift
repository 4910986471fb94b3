import SitegenCore

extension SitegenCommand {
    /// Prints why an edit wrote nothing; the failure to throw for it.
    static func failure(reporting failure: EditFailure, console: Console) -> CommandFailure {
        switch failure {
        case .refused(let diagnostics): report(diagnostics, console: console, failing: "nothing was written")
        case .changedOnDisk, .exists, .failed: console.err("error: \(failure)\n")
        }
        return .reported
    }
}
