/// A field's value once read and checked against its `FieldSpec`.
package enum FieldValue: Sendable, Hashable {
    /// A `text` field.
    case text(String)
    /// A `markdown` field's source (rendered when the page is made).
    case markdown(String)
    /// An `integer` field.
    case integer(Int)
    /// A `number` field.
    case number(Double)
    /// A `boolean` field.
    case boolean(Bool)
    /// A `date` field.
    case date(ContentDate)
    /// A `list` field's texts, in order.
    case list([String])
    /// A `url` field as written.
    case url(String)
    /// An `image` field.
    case image(ImageReference)
    /// A `choice` field: one of its `of:` texts.
    case choice(String)

    /// The type this value belongs to.
    package var type: FieldType {
        switch self {
        case .text: return .text
        case .markdown: return .markdown
        case .integer: return .integer
        case .number: return .number
        case .boolean: return .boolean
        case .date: return .date
        case .list: return .list
        case .url: return .url
        case .image: return .image
        case .choice: return .choice
        }
    }

    /// The value as plain text, for sorting and for messages: a date as its RFC 3339 form, a list joined by ", ".
    package var plainText: String {
        switch self {
        case .text(let text), .markdown(let text), .url(let text), .choice(let text): return text
        case .integer(let value): return String(value)
        case .number(let value): return FieldValue.numberText(value)
        case .boolean(let value): return value ? "true" : "false"
        case .date(let date): return date.rfc3339
        case .list(let texts): return texts.joined(separator: ", ")
        case .image(let image): return image.source
        }
    }

    /// A number as people write it: `3` for 3.0, `2.5` for 2.5.
    static func numberText(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

/// An `image` field's value: where the image is, as written, and where it is written (a local
/// image is looked for, and sized, on every build: the file can change while the item does not).
package struct ImageReference: Sendable, Hashable {
    /// The path or URL as written: `cover.jpg` (beside the item), `/images/a.png` (the site's `static/`), or `https://…`.
    package var source: String
    /// The 1-based line of the file the value is written on (0 when not from a file).
    package var line: Int
    /// The 1-based column of the value.
    package var column: Int

    /// An image as written, at a line and column of its file.
    package init(source: String, line: Int = 0, column: Int = 0) {
        self.source = source
        self.line = line
        self.column = column
    }

    /// Whether it names an image elsewhere (`https://…`, `//…`), which is neither checked nor sized.
    package var isRemote: Bool { URLFieldRules.isAbsolute(source) || source.hasPrefix("//") }
}
