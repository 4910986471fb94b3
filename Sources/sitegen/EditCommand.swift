import Foundation
import SitegenCore

/// `sitegen edit`: changes a content file's fields or body, or opens it in the user's editor.
enum EditCommand: SitegenCommand {
    static let name = "edit"
    static let summary = "change a content file's fields or body, or edit a draft in $EDITOR"
    static let usage = """
        usage: sitegen edit FILE [--set KEY=VALUE ...] [--unset KEY ...] [--add KEY=ITEM ...] [--remove KEY=ITEM ...]
                                 [--body TEXT | --body-file F] [--force] [--site DIR]
        """
    static let help = """
        \(usage)

        Changes one content file. FILE is a path, or a name under content/ such as
        posts/hello or content/menu/대방어.md (".md" may be left out).

        Only the bytes named change: the value of each --set field, the lines of
        each --unset field, the body for --body. Comments, key order, blank lines,
        quoting, indentation, line endings and the rest of the file stay exactly
        as they were. New fields go after the last one. Values are written in the
        simplest YAML that reads back as given, quoted only when they must be.

        A list field (a post's tags) is set whole with --set tags=[a, b] (a YAML
        list), or changed one item at a time with --add tags=c and --remove
        tags=a, in the order given; adding an item that is there, or removing
        one that is not, is refused. The list keeps its style: a flow list
        [a, b] becomes [a, b, c], a block list gets a "- c" line indented like
        its other items, items kept keep their bytes, and a new list is written
        as [c].

        The result is checked with the same rules as `sitegen build`, and written
        only if it passes: to a temp file beside it, synced, then renamed over
        the file in one step. If the file changed on disk meanwhile, nothing is
        written. Fields set at creation (a post's username, a profile's name)
        cannot be changed, and required fields cannot be removed.

        Only the fields the item's kind declares can be set or changed (a post's
        username, title, date, tags, draft, description, aliases; a menu item's
        name, price, aliases; a profile's name, bio, username, aliases; a page's
        title, description, aliases; the primes page's count, favorites), and
        the fields site.yml declares (collections: in site.yml: an item of a
        collection such as content/events/<slug>.md has the fields its schema
        lists, plus aliases and layout; posts, menu and profiles have theirs
        plus any site.yml adds to them): any other key is refused, with the
        field it most likely meant ("did you mean title?"). --force writes it
        anyway, for a field the site's own templates read.

        A value for a field site.yml declares is checked against the field's
        type as `build` reads it, before anything is written: integer (whole,
        within its min and max: seats=40), number, boolean (true or false),
        date (2025-03-01 or 2025-03-01T18:00:00+09:00), list ([a, b]; or
        --add/--remove one item), url, image (cover.jpg, /images/a.png or an
        https:// URL), choice (one of its of: texts), text or markdown. A
        value of the wrong type is refused at the field's current value
        (path:line:col; the file's first line when it has no such field yet).
        Numbers and flags are written plain, text quoted only when YAML would
        read it as something else ("40" for a text field), lists in flow
        style. A field declared immutable is set by `new` and never changed.

        The edit is also checked against the rest of the site, as `sitegen check`
        would check that file: its links and images must arrive, and its aliases
        must not land on another page (or its own).

        With no changes given, FILE is copied to a hidden draft beside it and
        opened in $VISUAL (or $EDITOR). Save and quit to apply it; quit without
        saving (or with a failure status) to cancel. A draft that cannot be
        applied is kept, and its path printed, so nothing you typed is lost.

        options:
          --set KEY=VALUE   give field KEY the value VALUE (repeatable)
          --unset KEY       remove field KEY (repeatable)
          --add KEY=ITEM    add ITEM at the end of list field KEY (repeatable)
          --remove KEY=ITEM remove ITEM from list field KEY (repeatable)
          --body TEXT       replace the body with TEXT, exactly as given
          --body-file F     replace the body with the bytes of file F ("-": standard input)
          --force           set fields the item's kind does not declare (for the site's own templates)
          --site DIR        the site folder (default: the current folder)
          -h, --help        show this help

        Exit status: 0 edited (or cancelled), 1 refused or failed (nothing written), 2 bad usage.

        """

    static func run(_ arguments: [String], console: Console) throws {
        let scanner = try ArgumentScanner(
            arguments, valued: ["site", "set", "unset", "add", "remove", "body", "body-file"], flags: ["force"],
            usage: usage)
        if scanner.flag("help") {
            console.out(help)
            return
        }
        try scanner.expectPositionals(1...1, what: "FILE")
        let site = try SiteOptions.siteRoot(from: scanner, usage: usage).standardizedFileURL.path
        let (request, bodySource) = try request(from: scanner)
        let launcher = request.isEmpty && bodySource == nil ? try editorLauncher() : nil
        let editor = ContentEditor(siteRoot: site)
        let target: EditTarget
        var change = request
        change.setsUndeclaredFields = scanner.flag("force")
        do {
            target = try EditTarget.locate(
                scanner.positionals[0], siteRoot: site, currentFolder: FileManager.default.currentDirectoryPath)
            change.body = try bodySource?.read()
        } catch {
            throw failure(reporting: error, console: console)
        }
        if let launcher { return try openDraft(of: target, editor: editor, launcher: launcher, console: console) }
        do {
            let outcome = try editor.edit(target, change)
            report(outcome.warnings, console: console, failing: "")
            console.out(
                outcome.changed
                    ? "edited \(target.sitePath)\n" : "\(target.sitePath) already says that; nothing was written\n")
        } catch {
            throw failure(reporting: error, console: console)
        }
    }

    /// The fields to set and remove, and where the body comes from.
    private static func request(from scanner: ArgumentScanner) throws(UsageError) -> (EditRequest, BodySource?) {
        var request = EditRequest()
        for setting in scanner.values("set") {
            guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
                throw UsageError(message: "--set needs KEY=VALUE, got \"\(setting)\"", usage: usage)
            }
            let key = String(setting[..<equals])
            guard !request.assignments.contains(where: { $0.key == key }) else {
                throw UsageError(message: "--set \(key) is given twice", usage: usage)
            }
            request.assignments.append(.init(key: key, value: String(setting[setting.index(after: equals)...])))
        }
        for key in scanner.values("unset") {
            guard !key.isEmpty else { throw UsageError(message: "--unset needs a KEY", usage: usage) }
            if request.assignments.contains(where: { $0.key == key }) {
                throw UsageError(message: "\(key) is both set and unset", usage: usage)
            }
            if !request.removals.contains(key) { request.removals.append(key) }
        }
        request.listChanges = try listChanges(from: scanner)
        for change in request.listChanges {
            if request.assignments.contains(where: { $0.key == change.key }) {
                throw UsageError(
                    message: "--set \(change.key) cannot be combined with --add or --remove of \(change.key); "
                        + "give the whole list with --set \(change.key)=[…], or change items with --add and --remove",
                    usage: usage)
            }
            if request.removals.contains(change.key) {
                throw UsageError(
                    message: "\(change.key) is both unset and changed with --add or --remove", usage: usage)
            }
        }
        switch (scanner.value("body"), scanner.value("body-file")) {
        case (_?, _?): throw UsageError(message: "give --body or --body-file, not both", usage: usage)
        case (let text?, nil): return (request, .text(text))
        case (nil, "-"): return (request, .standardInput)
        case (nil, let path?): return (request, .file(path))
        case (nil, nil): return (request, nil)
        }
    }

    /// Every `--add KEY=ITEM` and `--remove KEY=ITEM`, in the order given.
    private static func listChanges(from scanner: ArgumentScanner) throws(UsageError) -> [EditRequest.ListChange] {
        var changes: [EditRequest.ListChange] = []
        for (option, action) in scanner.values(of: ["add", "remove"]) {
            guard let equals = action.firstIndex(of: "="), equals != action.startIndex else {
                throw UsageError(message: "--\(option) needs KEY=ITEM, got \"\(action)\"", usage: usage)
            }
            changes.append(
                EditRequest.ListChange(
                    option == "add" ? .add : .remove, key: String(action[..<equals]),
                    item: String(action[action.index(after: equals)...])))
        }
        return changes
    }

    /// The user's editor, needed when no change is given on the command line.
    private static func editorLauncher() throws(UsageError) -> EditorLauncher {
        guard let launcher = EditorLauncher(environment: ProcessInfo.processInfo.environment) else {
            throw UsageError(
                message:
                    "nothing to change; give --set, --unset, --add, --remove or --body, or set $VISUAL or $EDITOR to edit the file",
                usage: usage)
        }
        return launcher
    }

    /// `sitegen edit FILE` alone: edit a draft in the user's editor.
    private static func openDraft(
        of target: EditTarget, editor: ContentEditor, launcher: EditorLauncher, console: Console
    ) throws(CommandFailure) {
        let outcome: DraftSession.Outcome
        do {
            outcome = try DraftSession(editor: editor, openEditor: launcher.open).run(target)
        } catch {
            throw failure(reporting: error, console: console)
        }
        switch outcome {
        case .saved(let outcome):
            report(outcome.warnings, console: console, failing: "")
            console.out("saved \(target.sitePath)\n")
        case .unchanged:
            console.out("cancelled, nothing changed\n")
        case .editorFailed(let status, let draft):
            console.err("the editor exited with status \(status): cancelled, nothing changed\n")
            if let draft { console.err("your draft is kept at \(draft)\n") }
            throw .reported
        case .refused(let refusal, let draft):
            let reported = failure(reporting: refusal, console: console)
            console.err("your draft is kept at \(draft); nothing you typed is lost\n")
            throw reported
        }
    }
}
