import Foundation
import SitegenCore

/// `sitegen build`: turns the site into static files.
enum BuildCommand: SitegenCommand {
    static let name = "build"
    static let summary = "build the site into public/ (or --output)"
    static let usage = """
        usage: sitegen build [--site DIR] [--output DIR] [--drafts] [--future] [--now DATE] [--base-url URL]
                             [--no-wait] [--quiet]
        """
    static let help = """
        \(usage)

        Builds the site in DIR (default: the current folder) into its public/ folder.
        The build is staged beside the output and swapped in only when every page
        was written, so a failed build leaves the previous output as it was.
        One build of an output runs at a time: a second one waits for the first.

        options:
          --site DIR       the site folder, holding site.yml, content/ and templates/
          --output DIR     where to write the site (default: DIR/public)
        \(SiteOptions.publishingHelp)
          --base-url URL   publish under URL instead of site.yml's base_url
          --no-wait        fail at once if another build of the output is running
          --quiet          print nothing but errors and warnings
          -h, --help       show this help

        Exit status: 0 built, 1 the site has errors (nothing written), 2 bad usage.

        """

    static func run(_ arguments: [String], console: Console) throws {
        let scanner = try ArgumentScanner(
            arguments, valued: ["site", "output", "base-url", "now"], flags: ["drafts", "future", "quiet", "no-wait"],
            usage: usage)
        if scanner.flag("help") {
            console.out(help)
            return
        }
        try scanner.expectPositionals(0...0, what: "")
        ShortProcessMemory.configure()
        var options = try SiteOptions.buildOptions(from: scanner, usage: usage)
        options.waitsForOtherBuilds = !scanner.flag("no-wait")
        let quiet = scanner.flag("quiet")
        let pipeline = BuildPipeline(options: options)
        let progress = ProgressLine(enabled: console.stderrIsTerminal && !quiet)
        do {
            let output = SiteOptions.display(options.output)
            let report = try pipeline.build { update in
                switch update {
                case .writing(let done, let total): progress.update(done: done, total: total)
                case .waiting(let holder):
                    console.err(
                        "waiting for another sitegen build of \(output)\(holder.map { " (pid \($0))" } ?? "")…\n")
                }
            }
            progress.finish()
            KeptUntilExit.keep(report.model)  // sitegen exits next: freeing a big site's model would only cost time.
            for warning in report.warnings { console.err("\(warning)\n") }
            if !quiet {
                let seconds = String(format: "%.2f", report.seconds)
                let unchanged = report.pages - report.pagesRendered
                console.out(
                    "built \(Plural.count(report.pages, "page")) (\(report.pagesRendered) rendered, \(unchanged) unchanged) into "
                        + "\(SiteOptions.display(options.output)) in \(seconds) s\n")
            }
        } catch {
            progress.finish()
            report(error.diagnostics, console: console, failing: "nothing was written")
            throw CommandFailure.reported
        }
    }
}

/// Values kept alive until the process exits, so they are never freed one by one.
enum KeptUntilExit {
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `value` until the process exits (call from the main thread only).
    static func keep(_ value: Any?) {
        if let value { kept.append(value) }
    }
}
