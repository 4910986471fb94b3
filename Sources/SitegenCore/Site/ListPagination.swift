/// Which post lists are cut into pages of `paginate` posts. A list's template that never
/// reads `page.pagination.items` (a page's share of the posts) — one written for a theme
/// from before pagination, listing `site.posts` — would show the same posts on every page
/// of the list, so its list is one page instead, and the build warns about it once.
struct ListPagination: Sendable, Hashable {
    /// The list templates (of `templates`) that never read `page.pagination.items`, sorted.
    let onePage: [String]

    /// The templates of the posts list, a tag's list and an author's list.
    static let templates = ["posts", "tag", "user"]

    /// Every list cut into pages, as the built-in theme's templates are.
    static let everyList = ListPagination(onePage: [])

    private init(onePage: [String]) { self.onePage = onePage }

    /// The lists of a site rendered with `library`, cutting lists into pages of `paginate`
    /// posts (none when 0: then no template needs to read anything).
    init(library: TemplateLibrary, paginate: Int) {
        guard paginate > 0 else {
            onePage = []
            return
        }
        // The stack every page is rendered with (`SiteModel.stack(for:)`): `{site, page}`, then `page`.
        onePage = Self.templates.filter { name in
            !library.mayRead(["page", "pagination", "items"], rendering: name, stack: [[], ["page"]])
        }
    }

    /// How many posts a page of a list rendered with `template` holds (0: all).
    func perPage(_ template: String, paginate: Int) -> Int {
        onePage.contains(template) ? 0 : paginate
    }

    /// A warning at each list template that keeps its list on one page, among those a page uses
    /// (`used`: the tag and author lists only when the site has tags or posts).
    func warnings(library: TemplateLibrary, paginate: Int, used: Set<String>) -> [Diagnostic] {
        onePage.filter(used.contains).map { name in
            Diagnostic(
                .warning, at: SourceLocation(path: library.displayPath(of: name)),
                "this template never reads page.pagination.items, so the \(Self.listName(name)) is one page; "
                    + "show {{#page.pagination}}{{#items}}…{{/items}}{{/page.pagination}} to cut it into pages of "
                    + "\(paginate) posts, as the built-in theme does, or set paginate: 0 in site.yml")
        }
    }

    private static func listName(_ template: String) -> String {
        switch template {
        case "tag": "list of each tag"
        case "user": "list of each author"
        default: "posts list"
        }
    }
}
