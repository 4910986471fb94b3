import Foundation
import SitegenCore

/// `sitegen init DIR`: starts a new site that builds without a warning.
enum InitCommand: SitegenCommand {
    static let name = "init"
    static let summary = "start a new site in an empty folder"
    static let usage =
        "usage: sitegen init DIR [--title T] [--language en|ko] [--base-url URL] [--username NAME] [--theme] [--now DATE]"
    static let help = """
        \(usage)

        Makes DIR (or fills it, if it is empty but for a .git folder) with:
          site.yml                 the settings, every key explained (the optional ones commented out)
          content/index.md         the home page's text
          content/posts/*.md       a first post
          .gitignore               the built site and sitegen's build state
        and, with --theme, templates/ with a copy of the built-in theme to change.
        Nothing is written if DIR holds anything else.

        options:
          --title T          the site's title (default: My Site, or 내 사이트 in Korean)
          --language L       en or ko: the language of the files written and of the theme (default: en)
          --base-url URL     where the site will be published (default: https://example.org/);
                             feeds and sitemaps need an absolute URL
          --username NAME    the first post's author and `sitegen new post`'s default (default: your login name)
          --theme            also copy the built-in templates into templates/
          --now DATE         the first post's date (default: SOURCE_DATE_EPOCH, else the clock)
          -h, --help         show this help

        Exit status: 0 made, 1 refused or failed (nothing written), 2 bad usage.

        """

    static func run(_ arguments: [String], console: Console) throws {
        let scanner = try ArgumentScanner(
            arguments, valued: ["title", "language", "base-url", "username", "now"], flags: ["theme"], usage: usage)
        if scanner.flag("help") {
            console.out(help)
            return
        }
        try scanner.expectPositionals(1...1, what: "the folder to make the site in")
        let language = scanner.value("language") ?? "en"
        guard SiteStarter.languages.contains(language) else {
            throw UsageError(message: "--language must be en or ko, got \"\(language)\"", usage: usage)
        }
        let baseURL = try SiteOptions.baseURL(from: scanner, usage: usage)
        if let title = scanner.value("title"), title.allSatisfy(\.isWhitespace) {
            throw UsageError(message: "--title must not be empty", usage: usage)
        }
        let username = scanner.value("username") ?? loginName()
        guard !username.allSatisfy(\.isWhitespace) else {
            throw UsageError(message: "--username must not be empty", usage: usage)
        }
        let starter = SiteStarter(
            title: scanner.value("title"), language: language, baseURL: baseURL?.text, username: username,
            now: ContentDate(
                secondsSince1970: try SiteOptions.now(from: scanner, usage: usage)
                    ?? Int64(Date().timeIntervalSince1970)))
        let folder = URL(fileURLWithPath: scanner.positionals[0]).standardizedFileURL.path
        var files = starter.files.map { (path: $0.path, bytes: Array($0.text.utf8)) }
        if scanner.flag("theme") { files += Theme.builtInFiles.map { ("templates/" + $0.path, $0.bytes) } }
        if let problem = problem(with: folder) {
            throw CommandFailure(message: "error: \(problem); nothing was written")
        }
        do {
            try NewFiles.write(files, in: folder)
        } catch {
            throw CommandFailure(message: "error: cannot write \(error); nothing was written")
        }
        let shown = scanner.positionals[0]
        let quoted =
            shown.contains(where: { " '\"$`\\".contains($0) })
            ? "'" + shown.replacingOccurrences(of: "'", with: "'\\''") + "'" : shown
        console.out(
            """
            made a new site in \(shown)/ (\(files.count) files). Next:
              cd \(quoted)
              sitegen new post --title "\(language == "ko" ? "두 번째 글" : "My second post")" "\(language == "ko" ? "본문" : "Its text.")"
              sitegen build

            The site is then in \(shown)/public/; README's "Publish" tells where to put it.

            """)
    }

    /// Why the site cannot be made in `folder`, if it cannot: it holds something (other than `.git`), or is a file.
    private static func problem(with folder: String) -> String? {
        var status = stat()
        guard lstat(folder, &status) == 0 else { return nil }  // It will be made.
        guard (status.st_mode & S_IFMT) == S_IFDIR else { return "\(folder) exists and is not a folder" }
        let entries: [DirectoryEntry]
        do {
            entries = try DirectoryListing.entries(of: folder)
        } catch {
            return "cannot read \(folder): \(error.reason)"
        }
        let others = entries.map(\.name).filter { $0 != ".git" }.sorted()
        guard !others.isEmpty else { return nil }
        return "\(folder) is not empty (it holds \(fewOf(others))); init starts a site only in an empty or new folder"
    }

    /// The user's login name when it makes a plain username, else `me`.
    private static func loginName() -> String {
        let name = ProcessInfo.processInfo.environment["USER"] ?? ""
        let plain =
            !name.isEmpty && name.count <= 32
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
        return plain ? name : "me"
    }
}
