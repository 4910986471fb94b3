/// Which template renders each declared collection's pages: the site's `templates/<name>.mustache`
/// (the list), `templates/<name>-item.mustache` (each item) and `templates/<name>-terms.mustache`
/// (a taxonomy field's terms) where it has them, else the built-in generic ones, which show
/// every field.
struct CollectionTemplates: Sendable, Hashable {
    /// The built-in list template.
    static let genericList = "collection"
    /// The built-in item template.
    static let genericItem = "collection-item"
    /// The built-in template of a taxonomy field's terms.
    static let genericTerms = "collection-terms"

    /// The names of the site's own collection templates among the library's.
    private let own: Set<String>

    /// Every collection rendered with the generic templates.
    static let builtIn = CollectionTemplates(own: [])

    private init(own: Set<String>) { self.own = own }

    /// The templates `library` has for the collections of `collections`.
    init(library: TemplateLibrary, collections: SiteCollections) {
        let names = collections.declared.flatMap { [$0.name, $0.name + "-item", $0.name + "-terms"] }
        own = Set(names.filter { library.contains($0) })
    }

    /// The template of a collection's list pages (and its term pages).
    func list(of collection: String) -> String { own.contains(collection) ? collection : Self.genericList }

    /// The template of a collection's item pages.
    func item(of collection: String) -> String {
        own.contains(collection + "-item") ? collection + "-item" : Self.genericItem
    }

    /// The template of the pages that list a taxonomy field's terms.
    func terms(of collection: String) -> String {
        own.contains(collection + "-terms") ? collection + "-terms" : Self.genericTerms
    }

    /// The templates named, sorted: what a plan made with these depends on.
    var names: [String] { own.sorted() }
}
