import SitegenCore

/// `sitegen check`: everything `build` would report, writing nothing.
enum CheckCommand: SitegenCommand {
    static let name = "check"
    static let summary = "validate the whole site and write nothing"
    static let usage = "usage: sitegen check [--site DIR] [--drafts] [--future] [--now DATE]"
    static let help = """
        \(usage)

        Reads site.yml, every content file and every template, and reports every
        problem `sitegen build` would, without writing anything.

        options:
          --site DIR       the site folder (default: the current folder)
        \(SiteOptions.publishingHelp)
          -h, --help       show this help

        Exit status: 0 no errors (warnings may be printed), 1 errors found, 2 bad usage.

        """

    static func run(_ arguments: [String], console: Console) throws {
        let scanner = try ArgumentScanner(
            arguments, valued: ["site", "now"], flags: ["drafts", "future"], usage: usage)
        if scanner.flag("help") {
            console.out(help)
            return
        }
        try scanner.expectPositionals(0...0, what: "")
        let options = try SiteOptions.buildOptions(from: scanner, usage: usage)
        let diagnostics = BuildPipeline(options: options).check()
        guard report(diagnostics, console: console, failing: "the site would not build") == 0 else {
            throw CommandFailure.reported
        }
        console.out("no errors\(diagnostics.isEmpty ? "" : " (\(Plural.count(diagnostics.count, "warning")))")\n")
    }
}
