import Foundation

/// Every heading gets an `id` made from its text, as GitHub makes them:
/// lower-cased, white space to `-`, everything but letters, digits, `-` and
/// `_` dropped (letters of any script kept), `-1`, `-2` … added to repeats;
/// and a `#` link to itself after its text, which the theme shows on hover
/// and focus. The headings are also collected for a table of contents.
enum HeadingAnchors {
    /// Marks the start of a heading's text in cmark's output, where `finish` puts the `id`.
    private static let markStart = "\u{E000}", markEnd = "\u{E001}"

    static func apply(to document: MarkdownNode, context: inout MarkdownContext) {
        var counts: [String: Int] = [:]
        for id in context.reservedIDs { counts[id] = 1 }
        for heading in document.descendants where heading.kind == .heading {
            let text = heading.plainText
            let base = slug(text)
            var id = base
            while let seen = counts[id] {
                counts[id] = seen + 1
                id = "\(base)-\(seen)"
            }
            counts[id, default: 0] += 1
            heading.prepend(.raw(.customInline, enter: markStart + String(context.anchors.count) + markEnd))
            heading.append(
                .raw(.customInline, enter: " <a class=\"heading-anchor\" href=\"#\(id)\" aria-labelledby=\"\(id)\">#</a>"))
            context.anchors.append(id)
            context.headings.append((heading.headingLevel, id, text))
        }
    }

    /// A heading's `id`: `Hello, World!` → `hello-world`, `스크럼 회고` → `스크럼-회고`.
    static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character.isWhitespace {
                slug.append("-")
            }
        }
        return slug.isEmpty ? "section" : slug
    }

    /// cmark's HTML with each marked heading's opening tag given its `id`.
    static func finish(_ html: String, anchors: [String]) -> String {
        guard !anchors.isEmpty else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + anchors.count * 16)
        var rest = Substring(html)
        while let mark = rest.range(of: markStart) {
            guard let end = rest[mark.upperBound...].range(of: markEnd), let index = Int(rest[mark.upperBound..<end.lowerBound]),
                index < anchors.count
            else { break }
            var before = rest[..<mark.lowerBound]
            // The tag just before the mark is the heading's `<hN>`.
            if before.hasSuffix(">"), let open = before.range(of: "<h", options: .backwards) {
                let tag = before[open.lowerBound..<before.index(before: before.endIndex)]
                before = before[..<open.lowerBound]
                result += before + tag + " id=\"\(anchors[index])\">"
            } else {
                result += before
            }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }
}
