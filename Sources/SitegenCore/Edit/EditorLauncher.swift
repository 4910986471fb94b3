import Foundation

/// Runs the user's editor (`$VISUAL`, else `$EDITOR`) on a file and waits for it.
package struct EditorLauncher: Sendable {
    /// The editor command as the user wrote it, e.g. `vim` or `code --wait`.
    package let command: String

    /// The editor named by `VISUAL` or `EDITOR`, or `nil` when neither is set.
    package init?(environment: [String: String]) {
        let named = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
        guard let command = named.first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        self.command = command
    }

    /// Opens the file and returns the editor's exit status (128 + the signal when it was killed).
    /// The command runs through `/bin/sh -c`, so editors with arguments work;
    /// the path is passed as `$1`, so no quoting of it is needed.
    package func open(_ path: String) throws(EditFailure) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "sitegen-editor", path]
        do {
            try process.run()
        } catch {
            throw .failed("cannot start the editor \"\(command)\": \(error.localizedDescription)")
        }
        process.waitUntilExit()
        switch process.terminationReason {
        case .exit: return process.terminationStatus
        case .uncaughtSignal: return 128 + process.terminationStatus
        @unknown default: return process.terminationStatus
        }
    }
}
