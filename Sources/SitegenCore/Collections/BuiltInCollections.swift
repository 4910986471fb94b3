/// The kinds sitegen knows without being told, declared as data: what each one's `read`
/// reads (the models in `Models/`), so a site's `collections:` can extend them and
/// `new`, `edit` and templates see one schema for every kind.
package enum BuiltInCollections {
    /// `content/posts/`: the forum.
    package static let posts = builtIn(
        "posts",
        [
            FieldSpec("username", .text).required().immutable().namingPage(),
            FieldSpec("title", .text),
            FieldSpec("date", .date),
            taxonomy("tags"),
            flag("draft"),
            FieldSpec("description", .text),
            FieldSpec("aliases", .list),
            FieldSpec("layout", .text),
        ] + postFieldValues)

    /// The fields of a post kept as typed values (`Post.fieldValues`), as a declared collection's are:
    /// the picture its link previews show (`image`) and when it was last changed (`updated`).
    static let postFieldValues = [FieldSpec("image", .image), FieldSpec("updated", .date)]

    /// `content/menu/`: the late-night menu; a price is whole won, never negative.
    package static let menu = builtIn(
        "menu",
        [
            FieldSpec("name", .text).required(),
            price(),
            FieldSpec("aliases", .list),
            FieldSpec("layout", .text),
        ])

    /// `content/profiles/`: the members.
    package static let profiles = builtIn(
        "profiles",
        [
            FieldSpec("name", .text).required().immutable(),
            FieldSpec("bio", .text),
            FieldSpec("username", .text).namingPage(),
            FieldSpec("aliases", .list),
            FieldSpec("layout", .text),
        ])

    /// Every built-in kind, by its folder's name.
    package static let all = [posts, menu, profiles]

    /// The built-in kind with a folder named `name`, if any.
    package static func schema(named name: String) -> CollectionSchema? { all.first { $0.name == name } }

    /// The fields every declared collection has without declaring them: the page's
    /// template (`layout:`) and the addresses it had before (`aliases:`).
    package static let commonFields = [FieldSpec("aliases", .list), FieldSpec("layout", .text)]
    /// The names of `commonFields`.
    static let commonFieldNames: Set<String> = ["aliases", "layout"]

    /// Names a declared field cannot have: what an item's template value already holds.
    package static let reservedFieldNames: Set<String> = ["slug", "url", "content", "aliases", "layout"]

    /// Names a collection cannot take: folders of the output sitegen writes itself (and its own),
    /// and the built-in templates' names (a collection's list is rendered with the template of its name).
    package static let reservedNames: Set<String> = Set(
        [
            "tags", "users", "assets", "counter", "primes", "feed.xml", "sitemap.xml", "404.html", "index.html",
            "_sitegen", "static", "data", "templates", "content", "layout", "partials",
        ] + Theme.requiredTemplates)

    private static func builtIn(_ name: String, _ fields: [FieldSpec]) -> CollectionSchema {
        var schema = CollectionSchema(name: name, fields: fields)
        schema.isBuiltIn = true
        return schema
    }

    private static func taxonomy(_ name: String) -> FieldSpec {
        var spec = FieldSpec(name, .list)
        spec.isTaxonomy = true
        return spec
    }

    private static func flag(_ name: String) -> FieldSpec {
        var spec = FieldSpec(name, .boolean)
        spec.defaultValue = .boolean(false)
        return spec
    }

    private static func price() -> FieldSpec {
        var spec = FieldSpec("price", .integer).required()
        spec.minimum = 0
        spec.unit = "won"
        return spec
    }
}
