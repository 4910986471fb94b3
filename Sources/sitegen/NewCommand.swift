import Foundation
import SitegenCore

/// `sitegen new`: creates a post, menu item, profile or item of a declared collection; never overwrites a file.
enum NewCommand: SitegenCommand {
    static let name = "new"
    static let summary = "create a post, menu item, profile or collection item (never overwrites)"
    static let usage = """
        usage: sitegen new post [--username NAME] [--title T] [--date D] [--tags A,B] [--draft] [--slug S]
                                [--set KEY=VALUE ...] [TEXT | --body-file F] [--site DIR]
               sitegen new menu --name N --price P [--set KEY=VALUE ...] [--slug S] [TEXT | --body-file F] [--site DIR]
               sitegen new profile --name N [--username NAME] [--bio B] [--set KEY=VALUE ...] [--slug S]
                                   [TEXT | --body-file F] [--site DIR]
               sitegen new COLLECTION [--title T] [--set KEY=VALUE ...] [--slug S] [TEXT | --body-file F] [--site DIR]
        """
    static let help = """
        \(usage)

        Creates content/posts/<slug>.md, content/menu/<slug>.md or
        content/profiles/<slug>.md (`new posts` and `new profiles`, by their
        folders' names, are `new post` and `new profile`) and prints its path. The slug is made from the
        title (or a post's first line, or the name), keeping letters of any
        script: "대방어 정식" becomes 대방어-정식. TEXT is the body, not a file
        name: to choose the file name, use --slug. A post's date is now, in
        site.yml's timezone and with its offset (2024-05-01T09:30:00+09:00),
        unless --date gives one. A post's author is --username, or else the
        site's default_username (set it in site.yml: `default_username: NAME`).

        COLLECTION is a collection site.yml declares (collections: events: …):
        the item goes to content/events/<slug>.md, its fields given with --title
        and --set KEY=VALUE, in the order its schema declares them. Each value is
        checked against its field's type as `build` reads it: an integer (with
        its min and max), a number, true or false, a date (2025-03-01), a list
        ([a, b], or one item), a url, an image path, one of a choice's texts, or
        text. A required field left out, a field the collection does not
        declare, or a value of the wrong type is refused, naming the field, and
        nothing is written. A field left out is not written: its default stays
        in site.yml. For a post, a menu item or a profile, --set gives the fields
        site.yml adds to its kind (collections: posts: fields: …, e.g. --set
        image=cover.jpg), typed and checked the same way.

        The new file is checked with the same rules as `sitegen build` and
        appears whole or not at all; an existing file is never replaced.

        options:
          --username NAME   the post's author (default: default_username in site.yml); it never changes later.
                            For a profile: the username the member posts as (their author page shows it)
          --title T         the post's title, or a collection item's title field
          --date D          the post's date: 2024-05-01, 2024-05-01 09:30 or 2024-05-01T09:30:00+09:00
                            (written as given; default: now, in site.yml's timezone, with its offset)
          --tags A,B        the post's tags, separated by commas (written as a list: tags: [A, B])
          --draft           mark the post as a draft (draft: true): built only with --drafts
          --name N          the dish's or member's name (a member's name never changes later)
          --price P         the dish's price in whole won
          --bio B           the member's one-line bio
          --set KEY=VALUE   a collection item's field (repeatable; lists as [a, b]); for a post, a menu
                            item or a profile, a field site.yml adds to its kind
          --slug S          the file name (without .md) instead of one made from the title or name
          TEXT              the body; a line break is added at the end if missing
          --body-file F     the body from file F ("-": standard input)
          --site DIR        the site folder (default: the current folder)
          -h, --help        show this help

        Exit status: 0 created, 1 refused (the file exists, a value breaks a rule, a required field
        is missing, or a post has no username), 2 bad usage (or a collection site.yml does not declare).

        """

    /// The options each kind accepts besides --slug, --body-file and --site.
    private static let kindOptions: [String: Set<String>] = [
        "post": ["username", "title", "date", "tags", "draft"], "menu": ["name", "price"],
        "profile": ["name", "bio", "username"],
    ]

    /// What `--date` accepts, as front matter does.
    private static let dateForms = "2024-05-01, 2024-05-01 09:30 or 2024-05-01T09:30:00+09:00"

    static func run(_ arguments: [String], console: Console) throws {
        let scanner = try ArgumentScanner(
            arguments,
            valued: ["site", "username", "title", "date", "tags", "name", "price", "bio", "slug", "body-file", "set"],
            flags: ["draft"], usage: usage)
        if scanner.flag("help") {
            console.out(help)
            return
        }
        try scanner.expectPositionals(1...2, what: "what to create: post, menu, profile or a collection")
        // A built-in kind by its folder's name, as a declared collection is named.
        let kind = ["posts": "post", "profiles": "profile"][scanner.positionals[0]] ?? scanner.positionals[0]
        let site = try SiteOptions.siteRoot(from: scanner, usage: usage).standardizedFileURL.path
        guard let allowed = kindOptions[kind] else {
            return try createItem(of: kind, from: scanner, site: site, console: console)
        }
        for option in Set(kindOptions.values.joined()).sorted() where !allowed.contains(option) {
            if scanner.value(option) != nil || scanner.flag(option) {
                throw UsageError(message: "--\(option) is not an option of `new \(kind)`", usage: usage)
            }
        }
        let text = scanner.positionals.count > 1 ? scanner.positionals[1] : nil
        if let text, text.hasSuffix(".md"), !text.contains(where: \.isWhitespace) {
            let slug = String(text.split(separator: "/").last ?? "").dropLast(".md".count)
            throw UsageError(
                message:
                    "\"\(text)\" looks like a file name, but TEXT is the new \(kind == "menu" ? "menu item" : kind)'s body; name the file with "
                    + "--slug \(slug.isEmpty ? "NAME" : slug), or let --\(kind == "post" ? "title" : "name") make the name",
                usage: usage)
        }
        if let slug = scanner.value("slug"), slug.hasSuffix(".md") {
            throw UsageError(
                message: "--slug is the file name without .md: --slug \(slug.dropLast(".md".count)) makes \(slug)",
                usage: usage)
        }
        let (date, dateText) = try date(from: scanner, in: ContentCreator(siteRoot: site).timeZone())
        let tags = try tags(from: scanner)
        let fieldsGiven = try fields(kind, from: scanner)
        let bodySource = try self.bodySource(text, from: scanner)
        var addedFields: SchemaValues?
        if !scanner.values("set").isEmpty {
            let collections: SiteCollections
            do {
                collections = try ContentCreator(siteRoot: site).collections()
            } catch {
                throw failure(reporting: error, console: console)
            }
            let contentKind: ContentKind = kind == "post" ? .post : kind == "menu" ? .menuItem : .profile
            let fields = EditableFields(
                kind: contentKind, schema: contentKind.folder.flatMap(collections.schema(named:)))
            addedFields = try values(try settings(from: scanner), for: fields, console: console)
        }
        do {
            let creator = ContentCreator(siteRoot: site)
            let fields: NewItem.Fields
            if let fieldsGiven {
                fields = fieldsGiven
            } else {
                fields = try postFields(from: scanner, tags: tags, creator: creator)
            }
            var item = NewItem(
                fields, slug: scanner.value("slug"), body: try bodySource?.read() ?? [], date: date, dateText: dateText)
            item.addedFields = addedFields
            let (target, warnings) = try creator.create(item)
            report(warnings, console: console, failing: "")
            console.out(target.sitePath + "\n")
        } catch {
            throw failure(reporting: error, console: console)
        }
    }

    /// `sitegen new COLLECTION`: an item of a collection site.yml declares, its fields typed by the schema.
    private static func createItem(
        of name: String, from scanner: ArgumentScanner, site: String, console: Console
    ) throws {
        let collections: SiteCollections
        do {
            collections = try ContentCreator(siteRoot: site).collections()
        } catch {
            throw failure(reporting: error, console: console)
        }
        guard let schema = collections.declared(named: name) else {
            throw UsageError(message: NewItem.unknownKindMessage(name, collections: collections), usage: usage)
        }
        for option in Set(kindOptions.values.joined()).subtracting(["title"]).sorted()
        where scanner.value(option) != nil || scanner.flag(option) {
            throw UsageError(
                message: "--\(option) is not an option of `new \(name)`; give its fields with --set KEY=VALUE",
                usage: usage)
        }
        var settings = try settings(from: scanner)
        if let title = scanner.value("title") {
            settings.insert(EditRequest.Assignment(key: "title", value: title), at: 0)
        }
        let text = scanner.positionals.count > 1 ? scanner.positionals[1] : nil
        let bodySource = try self.bodySource(text, from: scanner)
        let fields = EditableFields(kind: .item(collection: schema.name), schema: schema)
        let values = try values(settings, for: fields, console: console)
        do throws(EditFailure) {
            let item = NewItem(
                collection: name, values: values, slug: scanner.value("slug"), body: try bodySource?.read() ?? [])
            let (target, warnings) = try ContentCreator(siteRoot: site).create(item)
            report(warnings, console: console, failing: "")
            console.out(target.sitePath + "\n")
        } catch {
            throw failure(reporting: error, console: console)
        }
    }

    /// Every `--set KEY=VALUE`, in the order given.
    private static func settings(from scanner: ArgumentScanner) throws(UsageError) -> [EditRequest.Assignment] {
        try scanner.values("set").map { setting throws(UsageError) in
            guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
                throw UsageError(message: "--set needs KEY=VALUE, got \"\(setting)\"", usage: usage)
            }
            return EditRequest.Assignment(
                key: String(setting[..<equals]), value: String(setting[setting.index(after: equals)...]))
        }
    }

    /// The values read by the schema, or each problem printed and the command failed.
    private static func values(
        _ settings: [EditRequest.Assignment], for fields: EditableFields, console: Console
    ) throws(CommandFailure) -> SchemaValues {
        switch SchemaValues.read(settings, for: fields) {
        case .success(let values): return values
        case .failure(let problems):
            for message in problems.messages { console.err("error: \(message)\n") }
            throw .reported
        }
    }

    /// Where the body comes from: TEXT, --body-file, or nowhere.
    private static func bodySource(_ text: String?, from scanner: ArgumentScanner) throws(UsageError) -> BodySource? {
        switch (text, scanner.value("body-file")) {
        case (_?, _?): throw UsageError(message: "give TEXT or --body-file, not both", usage: usage)
        case (let text?, nil): return .text(text)
        case (nil, "-"): return .standardInput
        case (nil, let path?): return .file(path)
        case (nil, nil): return nil
        }
    }

    /// A menu item's or profile's fields; `nil` for a post, whose username may have to come from site.yml.
    private static func fields(_ kind: String, from scanner: ArgumentScanner) throws(UsageError) -> NewItem.Fields? {
        func required(_ option: String) throws(UsageError) -> String {
            guard let value = scanner.value(option) else {
                throw UsageError(message: "missing --\(option)", usage: usage)
            }
            return value
        }
        switch kind {
        case "post": return nil
        case "menu": return .menuItem(name: try required("name"), price: try required("price"))
        default:
            return .profile(name: try required("name"), bio: scanner.value("bio"), username: scanner.value("username"))
        }
    }

    /// A post's fields; its author is --username, else site.yml's default_username.
    private static func postFields(
        from scanner: ArgumentScanner, tags: [String], creator: ContentCreator
    ) throws(EditFailure) -> NewItem.Fields {
        let username: String
        if let given = scanner.value("username") {
            username = given
        } else {
            username = try creator.defaultUsername()
        }
        return .post(username: username, title: scanner.value("title"), tags: tags, isDraft: scanner.flag("draft"))
    }

    /// `--date` read as front matter reads dates, and as written; now (in the site's time zone) without it.
    private static func date(
        from scanner: ArgumentScanner, in zone: TimeZone
    ) throws(UsageError) -> (ContentDate, String?) {
        guard let text = scanner.value("date") else {
            return (ContentDate(secondsSince1970: Int64(Date().timeIntervalSince1970), in: zone), nil)
        }
        guard let date = ContentDate(parsing: text) else {
            throw UsageError(message: "--date must be a date like \(dateForms), got \"\(text)\"", usage: usage)
        }
        return (date, text)
    }

    /// `--tags a,b`, split and trimmed; none without it.
    private static func tags(from scanner: ArgumentScanner) throws(UsageError) -> [String] {
        guard let text = scanner.value("tags") else { return [] }
        do {
            return try NewItem.tags(commaSeparated: text)
        } catch {
            throw UsageError(message: error.message, usage: usage)
        }
    }
}
