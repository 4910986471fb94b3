import Foundation
import SitegenCore

/// `sitegen new`: creates a post, menu item or profile; never overwrites a file.
enum NewCommand: SitegenCommand {
    static let name = "new"
    static let summary = "create a post, menu item or profile (never overwrites)"
    static let usage = """
        usage: sitegen new post [--username NAME] [--title T] [--slug S] [TEXT | --body-file F] [--site DIR]
               sitegen new menu --name N --price P [--slug S] [TEXT | --body-file F] [--site DIR]
               sitegen new profile --name N [--bio B] [--slug S] [TEXT | --body-file F] [--site DIR]
        """
    static let help = """
        \(usage)

        Creates content/posts/<slug>.md, content/menu/<slug>.md or
        content/profiles/<slug>.md and prints its path. The slug is made from the
        title (or a post's first line, or the name), keeping letters of any
        script: "대방어 정식" becomes 대방어-정식. A post's date is now, in UTC.

        The new file is checked with the same rules as `sitegen build` and
        appears whole or not at all; an existing file is never replaced.

        options:
          --username NAME   the post's author (default: \(Post.defaultUsername)); it never changes later
          --title T         the post's title
          --name N          the dish's or member's name (a member's name never changes later)
          --price P         the dish's price in whole won
          --bio B           the member's one-line bio
          --slug S          the file name (without .md) instead of one made from the title or name
          TEXT              the body; a line break is added at the end if missing
          --body-file F     the body from file F ("-": standard input)
          --site DIR        the site folder (default: the current folder)
          -h, --help        show this help

        Exit status: 0 created, 1 refused (the file exists, or a value breaks a rule), 2 bad usage.

        """

    /// The options each kind accepts besides --slug, --body-file and --site.
    private static let kindOptions: [String: Set<String>] = [
        "post": ["username", "title"], "menu": ["name", "price"], "profile": ["name", "bio"],
    ]

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let scanner = try ArgumentScanner(
            arguments, valued: ["site", "username", "title", "name", "price", "bio", "slug", "body-file"], flags: [],
            usage: usage)
        if scanner.flag("help") {
            console.out(help)
            return 0
        }
        try scanner.expectPositionals(1...2, what: "what to create: post, menu or profile")
        let kind = scanner.positionals[0]
        guard let allowed = kindOptions[kind] else {
            throw UsageError(message: "cannot create \"\(kind)\"; choose post, menu or profile", usage: usage)
        }
        for option in ["username", "title", "name", "price", "bio"] where scanner.value(option) != nil && !allowed.contains(option) {
            throw UsageError(message: "--\(option) is not an option of `new \(kind)`", usage: usage)
        }
        let site = try SiteOptions.siteRoot(from: scanner, usage: usage).standardizedFileURL.path
        let fields = try fields(kind, from: scanner)
        let text = scanner.positionals.count > 1 ? scanner.positionals[1] : nil
        let bodySource: BodySource?
        switch (text, scanner.value("body-file")) {
        case (_?, _?): throw UsageError(message: "give TEXT or --body-file, not both", usage: usage)
        case (let text?, nil): bodySource = .text(text)
        case (nil, "-"): bodySource = .standardInput
        case (nil, let path?): bodySource = .file(path)
        case (nil, nil): bodySource = nil
        }
        do {
            let now = ContentDate(secondsSince1970: Int64(Date().timeIntervalSince1970))
            let item = NewItem(fields, slug: scanner.value("slug"), body: try bodySource?.read() ?? [], date: now)
            let (target, warnings) = try ContentCreator(siteRoot: site).create(item)
            report(warnings, console: console, failing: "")
            console.out(target.sitePath + "\n")
            return 0
        } catch {
            return report(error, console: console)
        }
    }

    private static func fields(_ kind: String, from scanner: ArgumentScanner) throws(UsageError) -> NewItem.Fields {
        func required(_ option: String) throws(UsageError) -> String {
            guard let value = scanner.value(option) else { throw UsageError(message: "missing --\(option)", usage: usage) }
            return value
        }
        switch kind {
        case "post": return .post(username: scanner.value("username") ?? Post.defaultUsername, title: scanner.value("title"))
        case "menu": return .menuItem(name: try required("name"), price: try required("price"))
        default: return .profile(name: try required("name"), bio: scanner.value("bio"))
        }
    }
}
