/// What a highlighted run of code is; each kind is one CSS class of the theme's stylesheet.
enum TokenKind: CaseIterable, Sendable {
    case keyword
    case string
    case comment
    case number
    /// Type names: capitalised names, a language's builtin types, CSS classes and ids.
    case type
    /// Names of attributes and properties: HTML attributes, CSS properties, JSON and YAML keys.
    case attribute
    /// HTML tag names and the element names of CSS selectors.
    case tag
    /// Shell parameters (`$HOME`, `${name}`), YAML anchors and aliases, CSS custom properties in values.
    case variable
    /// Annotations and directives: Swift `@attributes` and `#if`, decorators, shebangs, doctypes, entities.
    case meta
    /// The delimiters of code inside a string: Swift `\(`…`)`, JavaScript `${`…`}`, shell `$(`…`)`.
    case punctuation
    /// A diff's added lines.
    case inserted
    /// A diff's removed lines.
    case deleted

    /// The CSS class the kind's spans carry.
    var cssClass: String {
        switch self {
        case .keyword: "hl-keyword"
        case .string: "hl-string"
        case .comment: "hl-comment"
        case .number: "hl-number"
        case .type: "hl-type"
        case .attribute: "hl-attr"
        case .tag: "hl-tag"
        case .variable: "hl-variable"
        case .meta: "hl-meta"
        case .punctuation: "hl-punct"
        case .inserted: "hl-inserted"
        case .deleted: "hl-deleted"
        }
    }
}
