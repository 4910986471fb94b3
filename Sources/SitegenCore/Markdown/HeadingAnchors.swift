/// Every heading gets an `id` made from its text, as GitHub makes them:
/// lower-cased, spaces to `-`, everything but the scalars of words and `-`
/// dropped (letters of any script kept, `slug(_:)`), `-1`, `-2` … added to repeats;
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
    ///
    /// GitHub's rule, scalar by scalar after lower-casing: a space becomes `-`; `-` and the scalars of
    /// a word stay (letters, marks, decimal digits, connector punctuation such as `_`, and the joiners
    /// U+200C/U+200D); everything else goes. So the U+FE0F after an emoji stays where the emoji goes
    /// (`## ⚡️ Fast` → U+FE0F + `-fast`), as links written for GitHub expect.
    static func slug(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || isWordScalar(scalar) {
                slug.append(scalar)
            }
        }
        return slug.isEmpty ? "section" : String(slug)
    }

    /// Whether a scalar belongs to a word as regular expressions' `\w` reads Unicode (UTS #18).
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic || properties.isJoinControl { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }
}
