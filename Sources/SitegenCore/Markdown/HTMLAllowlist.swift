/// What `unsafe_html: safe` keeps of raw HTML, close to what GitHub keeps: elements
/// that format text, tables, lists, `details`, links and images; attributes that
/// carry no script, style or identity; links only with harmless schemes.
/// Everything kept is valid HTML where it stands, so the page stays valid.
enum HTMLAllowlist {
    /// Elements that may stand inside a line of text (a paragraph, a heading, a table cell).
    static let phrasing: Set<String> = [
        "a", "abbr", "b", "bdi", "br", "cite", "code", "del", "dfn", "em", "i", "img", "ins", "kbd", "mark", "q",
        "rp", "rt", "ruby", "s", "samp", "small", "span", "strong", "sub", "sup", "u", "var", "wbr",
    ]

    /// Elements kept only where blocks stand (an HTML block of their own).
    static let blocks: Set<String> = [
        "blockquote", "caption", "dd", "details", "div", "dl", "dt", "figcaption", "figure", "h1", "h2", "h3", "h4",
        "h5", "h6", "hr", "li", "ol", "p", "pre", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr",
        "ul",
    ]

    /// Elements left out with everything inside them: their content is code, or not text for a reader.
    static let droppedWithContent: Set<String> = [
        "applet", "embed", "frame", "frameset", "iframe", "math", "noembed", "noframes", "noscript", "object",
        "script", "select", "style", "svg", "template", "textarea", "title", "xmp",
    ]

    /// Elements with no end tag.
    static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// How an attribute's value is checked.
    enum Value {
        /// Any text.
        case text
        /// A whole number (`width`, `colspan`).
        case wholeNumber
        /// No value (`open`).
        case flag
        /// A link: a harmless scheme, or a link into the site that is resolved and checked.
        case link
    }

    /// The attributes every kept element may have.
    static let global: [String: Value] = ["title": .text, "lang": .text]

    /// The attributes of particular elements.
    static let attributes: [String: [String: Value]] = [
        "a": ["href": .link],
        "img": ["src": .link, "alt": .text, "width": .wholeNumber, "height": .wholeNumber],
        "td": ["colspan": .wholeNumber, "rowspan": .wholeNumber],
        "th": ["colspan": .wholeNumber, "rowspan": .wholeNumber],
        "ol": ["start": .wholeNumber, "reversed": .flag],
        "li": ["value": .wholeNumber],
        "details": ["open": .flag],
    ]

    /// The schemes a link may have, by element: a page may link anywhere harmless, an image only load over HTTP.
    static func allowsScheme(_ scheme: String, on element: String) -> Bool {
        element == "img" ? ["http", "https"].contains(scheme) : ["http", "https", "mailto"].contains(scheme)
    }
}
