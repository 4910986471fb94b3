/// What a collection's field holds, as `type:` declares it in `site.yml`.
package enum FieldType: String, Sendable, Hashable, CaseIterable {
    /// One line of text.
    case text
    /// Markdown, rendered inline (emphasis, links, code; no blocks).
    case markdown
    /// A whole number, with an optional `min` and `max`.
    case integer
    /// Any number, with an optional `min` and `max`.
    case number
    /// `true` or `false`.
    case boolean
    /// A date, read as a post's date is (`ContentDate`).
    case date
    /// A list of texts; with `taxonomy: true` each text gets a term page.
    case list
    /// An absolute URL (`https://…`) or a path of the site (`/about/`).
    case url
    /// A local image resolved like a Markdown image, or an absolute URL.
    case image
    /// One of the texts `of:` names.
    case choice

    /// Whether `min` and `max` apply.
    package var isNumeric: Bool { self == .integer || self == .number }

    /// The names of every type, in declaration order, for messages.
    package static var namesText: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
