/// GitHub's extended autolinks: bare `www.example.org`, `https://example.org/a`,
/// `ftp://files.example.org` and `someone@example.org` in text become links, as
/// the GFM spec's extension says (cmark-gfm's `ftp://` included). Never inside code (code spans are not text) or an existing link.
///
/// A `www.`, `http(s)://` or `ftp://` link starts at the start of the text, after white
/// space, or after `*`, `_`, `~` or `(`; a domain (letters, digits, `_`, `-`
/// between dots; no `_` in its last two parts) follows, then anything up to
/// white space or `<`. Trailing `?!.,:*_~`, a `)` without its `(`, and an
/// entity-like `&name;` at the end are not part of it. A `www.` link goes to
/// `http://`. An e-mail address is letters, digits and `.+-_` before `@`, a
/// domain after, not ending in `-` or `_`; it goes to `mailto:`.
enum ExtendedAutolinks {
    /// Whether a text may hold an extended autolink at all.
    static func mayLink(_ text: String) -> Bool {
        text.containsByte(UInt8(ascii: "@")) || text.containsText("www.") || text.containsText("://")
    }

    static func apply(to root: MarkdownNode) {
        // Strikethrough leaves a `~` it did not pair as a text node of its own: joined again, a link
        // may run through it (`www.example.org/~kim/`).
        var joined: Set<MarkdownNode> = []
        for node in textOutsideLinks(under: root) where !joined.contains(node) {
            if let next = node.next, next.kind == .text {
                // Joined in one string, not one `+` per node: a run of many `~` stays linear.
                var text = node.literal ?? ""
                var following: MarkdownNode? = next
                while let piece = following, piece.kind == .text {
                    text += piece.literal ?? ""
                    following = piece.next
                    piece.unlink()
                    joined.insert(piece)
                }
                node.literal = text
            }
            if node.literalMayLink { link(node) }
        }
    }

    /// The text nodes under `root` that are not in a link's or an image's text (footnote references skip
    /// those too), in document order. Found walking down, which costs the same however deep lists and
    /// quotes nest; asking each text node's ancestors would not.
    static func textOutsideLinks(under root: MarkdownNode) -> [MarkdownNode] {
        ([root] + root.descendants { $0.kind != .link && $0.kind != .image }).filter { $0.kind == .text }
    }

    /// A link found in a text: its characters and where it goes.
    private struct Found {
        var range: Range<Int>
        var url: String
    }

    private static func link(_ node: MarkdownNode) {
        guard let literal = node.literal,
            literal.utf8.contains(0x40) || literal.containsText("www.") || literal.containsText("://")
        else { return }
        let text = Array(literal)
        var found: [Found] = []
        var index = 0
        while index < text.count {
            if let link = webLink(in: text, at: index)
                ?? email(in: text, at: index, after: found.last?.range.upperBound ?? 0)
            {
                found.append(link)
                index = link.range.upperBound
            } else {
                index += 1
            }
        }
        guard !found.isEmpty else { return }
        var position = 0
        for link in found {
            if link.range.lowerBound > position {
                node.insertBefore(.text(String(text[position..<link.range.lowerBound])))
            }
            let anchor = MarkdownNode.make(.link)
            anchor.url = link.url
            anchor.append(.text(String(text[link.range])))
            node.insertBefore(anchor)
            position = link.range.upperBound
        }
        if position < text.count { node.insertBefore(.text(String(text[position...]))) }
        node.unlink()
    }

    /// The schemes a link may be written with.
    private static let schemes = ["https://", "http://", "ftp://"]

    /// A `www.`, `http(s)://` or `ftp://` link starting at `start`.
    private static func webLink(in text: [Character], at start: Int) -> Found? {
        if start > 0 {
            let previous = text[start - 1]
            guard previous.isWhitespace || "*_~(".contains(previous) else { return nil }
        }
        let prefix: String
        let domainStart: Int
        if matches(text, at: start, "www.") {
            prefix = "http://"
            domainStart = start
        } else if let scheme = schemes.first(where: { matches(text, at: start, $0) }) {
            prefix = ""
            domainStart = start + scheme.count
        } else {
            return nil
        }
        guard let domainEnd = domain(in: text, from: domainStart) else { return nil }
        var end = domainEnd
        while end < text.count, !text[end].isWhitespace, text[end] != "<" { end += 1 }
        end = trimmed(text, start: start, end: end)
        guard end > domainStart else { return nil }
        return Found(range: start..<end, url: prefix + String(text[start..<end]))
    }

    /// The end of a valid domain starting at `start`: parts of letters, digits, `_`, `-` between dots,
    /// at least one dot, no `_` in the last two parts.
    private static func domain(in text: [Character], from start: Int) -> Int? {
        var end = start
        var parts: [Range<Int>] = []
        var partStart = start
        while end < text.count {
            let character = text[end]
            if character.isLetter || character.isNumber || character == "_" || character == "-" {
                end += 1
            } else if character == ".", end > partStart, end + 1 < text.count, isDomainCharacter(text[end + 1]) {
                parts.append(partStart..<end)
                end += 1
                partStart = end
            } else {
                break
            }
        }
        guard end > partStart else { return nil }
        parts.append(partStart..<end)
        guard parts.count >= 2 else { return nil }
        for part in parts.suffix(2) where text[part].contains("_") { return nil }
        return end
    }

    private static func isDomainCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-"
    }

    /// Where a link found up to `end` really ends: without trailing punctuation,
    /// unbalanced closing parentheses or an entity-like `&name;`.
    private static func trimmed(_ text: [Character], start: Int, end: Int) -> Int {
        var end = end
        // Counted once: only a `)` taken off changes them (a link of many `)` is not quadratic).
        let opened = text[start..<end].count { $0 == "(" }
        var closed = text[start..<end].count { $0 == ")" }
        while end > start {
            let last = text[end - 1]
            if "?!.,:*_~".contains(last) {
                end -= 1
            } else if last == ")" {
                guard closed > opened else { break }
                closed -= 1
                end -= 1
            } else if last == ";" {
                var letters = end - 1
                while letters > start, text[letters - 1].isASCII,
                    text[letters - 1].isLetter || text[letters - 1].isNumber
                {
                    letters -= 1
                }
                guard letters > start, letters < end - 1, text[letters - 1] == "&" else { break }
                end = letters - 1
            } else {
                break
            }
        }
        return end
    }

    /// An e-mail address whose `@` is at `at`, its local part reaching back no further than `floor`.
    private static func email(in text: [Character], at: Int, after floor: Int) -> Found? {
        guard text[at] == "@", at > floor else { return nil }
        var start = at
        while start > floor, isLocalCharacter(text[start - 1]) { start -= 1 }
        guard start < at else { return nil }
        var end = at + 1
        var dots = 0
        while end < text.count {
            let character = text[end]
            if character.isASCII && (character.isLetter || character.isNumber) || character == "-" || character == "_" {
                end += 1
            } else if character == ".", end + 1 < text.count, text[end + 1].isASCII,
                text[end + 1].isLetter || text[end + 1].isNumber || text[end + 1] == "-" || text[end + 1] == "_"
            {
                dots += 1
                end += 1
            } else {
                break
            }
        }
        guard dots > 0, end > at + 1, text[end - 1] != "-", text[end - 1] != "_" else { return nil }
        return Found(range: start..<end, url: "mailto:" + String(text[start..<end]))
    }

    private static func isLocalCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber) || ".+-_".contains(character)
    }

    private static func matches(_ text: [Character], at start: Int, _ word: String) -> Bool {
        let characters = Array(word)
        guard start + characters.count <= text.count else { return false }
        for (offset, character) in characters.enumerated() where text[start + offset] != character {
            return false
        }
        return true
    }
}
