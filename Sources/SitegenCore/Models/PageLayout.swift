/// `layout: NAME` in a page's or an item's front matter: the template its page is rendered
/// with, `templates/NAME.mustache` (the site's, or the built-in theme's), instead of its kind's.
///
/// Read in two steps, because a content file is read without the theme: `FieldReader.layout()`
/// checks the name as written (an error at the value when it cannot name a layout), and
/// `problem(source:library:)` checks, once the theme is loaded, that the template exists. The
/// place of the value is kept with the name so that the second error points at it too.
package struct PageLayout: Sendable, Hashable {
    /// The template's name: `report` for `templates/report.mustache`.
    package var name: String
    /// The 1-based line and column of the value in its file.
    package var line: Int
    package var column: Int

    /// A layout named `name`, written at `line` and `column` of its file.
    package init(name: String, line: Int, column: Int) {
        self.name = name
        self.line = line
        self.column = column
    }

    /// The templates sitegen renders its own lists and files with: a layout cannot name them,
    /// since they show what only those pages have (a list of posts and its pages, a redirect's
    /// target) or are not HTML.
    package static let siteTemplates: Set<String> = [
        "alias", "feed", "menu", "posts", "profiles", "sitemap", "tag", "tags", "user",
    ]

    /// Why `name` cannot be a layout's, completing "layout \"NAME\" …", or `nil`. A layout names
    /// a template in `templates/` itself: partials (`templates/partials/`) are pieces of a page.
    package static func problem(in name: String) -> String? {
        if name.hasSuffix(".mustache") {
            return "names a file; write the template's name without .mustache"
                + " (layout: \(name.dropLast(".mustache".count)))"
        }
        if name.contains("/") || name.contains("\\") {
            return "must name a template in templates/ itself, without folders (partials cannot be layouts)"
        }
        if name.hasPrefix(".") { return "must be a template's name like report, not a path" }
        if !name.unicodeScalars.allSatisfy(isNameScalar) {
            return "must be a template's name: letters, digits, -, _ and ."
        }
        if siteTemplates.contains(name) {
            return "names a template sitegen renders its own lists and files with; a layout names a page's"
                + " template, like page, post or one of yours (templates/report.mustache)"
        }
        return nil
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "_" || scalar == "." || scalar.properties.isAlphabetic
            || scalar.properties.numericType != nil
    }

    /// The template a page of this kind renders with: the layout's, else `kindTemplate`.
    package static func template(_ layout: PageLayout?, otherwise kindTemplate: String) -> String {
        layout?.name ?? kindTemplate
    }

    /// The error at the value when `library` has no template of this name, with the closest
    /// name it has when one is close; `source` is the file the layout is written in.
    package func problem(source: String, library: TemplateLibrary) -> Diagnostic? {
        guard !library.contains(name) else { return nil }
        let candidates = Set(library.names.filter { !$0.contains("/") && !Self.siteTemplates.contains($0) })
        let hint = FieldReader.nearMiss(of: name, among: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
        return Diagnostic(
            at: SourceLocation(path: source, line: line, column: column),
            "no template \"\(name)\" for layout: (templates/\(name).mustache)\(hint)")
    }
}

extension FieldReader {
    /// `layout: NAME`, when it names a layout; an error at the value when it cannot.
    package mutating func layout() -> PageLayout? {
        guard let node = node("layout") else { return nil }
        guard let name = node.scalarText else {
            report("layout must be a template's name, found \(node.kindName)", at: node)
            return nil
        }
        if name.allSatisfy(\.isWhitespace) {
            report(
                "layout must not be empty; name a template, like layout: report (templates/report.mustache)", at: node)
            return nil
        }
        if let problem = PageLayout.problem(in: name) {
            report("layout \(FieldReader.quoted(node)) \(problem)", at: node)
            return nil
        }
        let location = document.location(of: node.start)
        return PageLayout(name: name, line: location.line ?? 1, column: location.column ?? 1)
    }
}

extension FieldReader {
    /// An error at `layout:` for a kind whose pages cannot take one, saying `why`.
    mutating func refuseLayout(_ why: String) {
        guard let node = node("layout") else { return }
        report("layout cannot be set here: \(why)", at: node)
    }
}

extension SiteLoader.Item {
    /// The item's `layout:`, if it has one.
    var layout: PageLayout? {
        switch self {
        case .post(let post): return post.layout
        case .menuItem(let item): return item.layout
        case .profile(let profile): return profile.layout
        case .page(let page): return page.layout
        case .item(let item): return item.layout
        case .primes: return nil
        }
    }
}
