/// Every heading gets an `id` made from its text, as GitHub makes them:
/// lower-cased, white space to `-`, everything but letters, digits, `-` and
/// `_` dropped (letters of any script kept), `-1`, `-2` … added to repeats;
/// and a `#` link to itself after its text, which the theme shows on hover
/// and focus. The headings are also collected for a table of contents.
enum HeadingAnchors {

    /// Gives headings their ids, and with `marksUp` their `id` attributes, anchors and a place in the table of
    /// contents; without, only notes the ids links may name (so a site switching the extension on finds them known).
    static func apply(to document: MarkdownNode, context: inout MarkdownContext, marksUp: Bool = true) {
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
            context.headingIDs.append(id)
            guard marksUp else { continue }
            heading.prepend(
                .raw(
                    .customInline,
                    enter: OutputMarks.headingStart + String(context.anchors.count) + OutputMarks.headingEnd))
            heading.append(
                .raw(
                    .customInline, enter: " <a class=\"heading-anchor\" href=\"#\(id)\" aria-labelledby=\"\(id)\">#</a>"
                ))
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
}
