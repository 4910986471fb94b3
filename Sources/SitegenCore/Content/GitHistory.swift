import Foundation

/// When each content file last changed, by the site's git history (`lastmod: git`): one
/// `git log` over `content/` read once (newest first, so a path's first commit is its last),
/// and one `git diff` naming the files changed since the last commit, which (with the files
/// git has never seen) keep their modification time instead.
struct GitHistory: Sendable {
    /// The last commit's time of each committed, unchanged content file, in seconds since 1970,
    /// by path relative to the site (`content/posts/a.md`).
    var committed: [String: Int64] = [:]
    /// Content files changed since the last commit (staged or not).
    var changed: Set<String> = []

    /// Why the history could not be read.
    struct Unavailable: Error, Sendable {
        let reason: String
    }

    /// Reads the history of the site at `siteRoot`.
    static func read(siteRoot: String) -> Result<GitHistory, Unavailable> {
        let log: String
        switch run(
            ["log", "--format=format:%x01%ct", "--name-only", "--no-renames", "--relative", "-z", "--", "content"],
            in: siteRoot)
        {
        case .success(let output): log = output
        case .failure(let failure): return .failure(failure)
        }
        let diff: String
        switch run(["diff", "--name-only", "--no-renames", "--relative", "-z", "HEAD", "--", "content"], in: siteRoot) {
        case .success(let output): diff = output
        case .failure(let failure): return .failure(failure)
        }
        return .success(GitHistory(log: log, diff: diff))
    }

    /// The history `git log --format=format:%x01%ct --name-only -z` printed, and the files
    /// `git diff --name-only -z HEAD` named.
    init(log: String, diff: String) {
        var time: Int64?
        for field in log.split(separator: "\0", omittingEmptySubsequences: true) {
            // A commit's line is "\u{1}<seconds>", followed by a newline and its first path.
            var rest = Substring(field)
            if rest.hasPrefix("\u{1}") {
                let line = rest.dropFirst().prefix { $0 != "\n" }
                time = Int64(line)
                rest = rest.dropFirst(line.count + 1).drop { $0 == "\n" }
            }
            let path = rest.trimmingPrefix("\n")
            guard let time, !path.isEmpty, committed[String(path)] == nil else { continue }
            committed[String(path)] = time
        }
        changed = Set(diff.split(separator: "\0").map(String.init))
    }

    /// Runs git in `folder`; its output, or why it failed.
    private static func run(_ arguments: [String], in folder: String) -> Result<String, Unavailable> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Unavailable(reason: "git could not be started (\(error.localizedDescription))"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return .success(String(decoding: data, as: UTF8.self))
        case 127: return .failure(Unavailable(reason: "git is not installed"))
        default: return .failure(Unavailable(reason: "the site is not in a git repository with a commit"))
        }
    }
}
