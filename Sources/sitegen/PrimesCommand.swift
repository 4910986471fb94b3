import SitegenCore

/// `sitegen primes`: the counter and the favorite primes in content/primes.md.
enum PrimesCommand: SitegenCommand {
    static let name = "primes"
    static let summary = "set the counter, add or remove a favorite prime"
    static let usage = "usage: sitegen primes count N | add N | remove N [--site DIR]"
    static let help = """
        \(usage)

        Edits content/primes.md the way `sitegen edit` does: only the bytes of
        the count or of one list item change, the list keeps its style
        ([2, 3] becomes [2, 3, 5]; a "- 3" line gets a "- 5" line below it),
        and the file is replaced in one step, or not at all.

          count N    set the counter to N
          add N      add N to the favorites; N must be prime and not yet listed
          remove N   remove N from the favorites

        options:
          --site DIR   the site folder (default: the current folder)
          -h, --help   show this help

        Exit status: 0 done, 1 refused (nothing written), 2 bad usage.

        """

    static func run(_ arguments: [String], console: Console) throws {
        let scanner = try ArgumentScanner(arguments, valued: ["site"], flags: [], usage: usage)
        if scanner.flag("help") {
            console.out(help)
            return
        }
        try scanner.expectPositionals(2...2, what: "an action (count, add or remove) and a number")
        let (action, argument) = (scanner.positionals[0], scanner.positionals[1])
        let site = try SiteOptions.siteRoot(from: scanner, usage: usage).standardizedFileURL.path
        let change: any ContentChange
        switch action {
        case "count": change = EditRequest(assignments: [.init(key: "count", value: argument)])
        case "add", "remove":
            guard let number = Int64(argument) else {
                throw UsageError(message: "N must be a whole number, got \"\(argument)\"", usage: usage)
            }
            change = action == "add" ? FavoritesChange.add(number) : FavoritesChange.remove(number)
        default:
            throw UsageError(message: "unknown action \"\(action)\"; use count, add or remove", usage: usage)
        }
        do {
            let target = try EditTarget(siteRoot: site, sitePath: "content/primes.md")
            let outcome = try ContentEditor(siteRoot: site).edit(target, change)
            report(outcome.warnings, console: console, failing: "")
            console.out(summary(action, argument, changed: outcome.changed))
        } catch {
            throw failure(reporting: error, console: console)
        }
    }

    private static func summary(_ action: String, _ argument: String, changed: Bool) -> String {
        switch action {
        case "count":
            return changed
                ? "count is now \(argument) in content/primes.md\n"
                : "count is already \(argument); nothing was written\n"
        case "add":
            let position =
                Int64(argument).flatMap(Primes.position(of:)).map { ", the \(EnglishOrdinal.string($0)) prime," } ?? ""
            return "added \(argument)\(position) to the favorites in content/primes.md\n"
        default:
            return "removed \(argument) from the favorites in content/primes.md\n"
        }
    }
}
