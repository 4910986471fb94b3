import Foundation
import SitegenCore

/// `sitegen theme export DIR`: a copy of the built-in theme to start a site's own from.
enum ThemeCommand: SitegenCommand {
    static let name = "theme"
    static let summary = "copy the built-in theme's templates and assets into a folder"
    static let usage = "usage: sitegen theme export [DIR] [--site SITE]"
    static let help = """
        \(usage)

        Copies the built-in theme (its Mustache templates, partials and
        stylesheet) into DIR, by default the site's templates/ folder, where a
        build picks them up: a file there replaces the built-in file of the same
        name, so delete the copies you do not change. No file is overwritten:
        if any of them exists, nothing is written.

        options:
          --site SITE   the site folder whose templates/ is the default DIR (default: the current folder)
          -h, --help    show this help

        Exit status: 0 copied, 1 refused or failed (nothing written), 2 bad usage.

        """

    static func run(_ arguments: [String], console: Console) throws {
        let scanner = try ArgumentScanner(arguments, valued: ["site"], flags: [], usage: usage)
        if scanner.flag("help") {
            console.out(help)
            return
        }
        try scanner.expectPositionals(1...2, what: "export and the folder to copy into")
        guard scanner.positionals[0] == "export" else {
            throw UsageError(
                message: "unknown action \"\(scanner.positionals[0])\"; the one action is export", usage: usage)
        }
        let folder: String
        if scanner.positionals.count == 2 {
            folder = URL(fileURLWithPath: scanner.positionals[1]).standardizedFileURL.path
        } else {
            folder = try SiteOptions.siteRoot(from: scanner, usage: usage).appendingPathComponent("templates").path
        }
        let files = Theme.builtInFiles
        let existing = NewFiles.existing(files.map(\.path), in: folder)
        guard existing.isEmpty else {
            throw CommandFailure(
                message:
                    "error: \(folder) already has \(fewOf(existing)); nothing was written (move them away or pick another folder)"
            )
        }
        do {
            try NewFiles.write(files, in: folder)
        } catch {
            throw CommandFailure(message: "error: cannot write \(error); nothing was written")
        }
        console.out(
            "copied \(files.count) files of the built-in theme into \(SiteOptions.display(URL(fileURLWithPath: folder)))\n"
        )
    }
}
