/// A part of raw HTML that `unsafe_html: safe` left out of a page, and where it was written.
package struct RawHTMLRemoval: Sendable, Hashable {
    /// Where it starts in the Markdown text: 1-based line and byte column.
    package var line: Int
    package var column: Int
    /// What was left out, and why.
    package var message: String
}

/// `unsafe_html: safe`: raw HTML keeps what `HTMLAllowlist` allows, read by a
/// real HTML parser (`HTMLFragmentParser`); the rest is left out with a warning
/// at its place, and kept links and images are resolved and checked like
/// Markdown's (`LinkResolution`).
///
/// cmark hands raw HTML over in pieces: a block of HTML lines, or one tag inside
/// a line of text (`<kbd>` and `</kbd>` are two nodes around the text node
/// between them). So the pieces under one parent are read as one text, in
/// order, with an empty comment between them: an element may open in one piece
/// and close in a later one (`<details>` … Markdown … `</details>`), and what
/// each piece keeps is written where the piece was. An element still open at
/// the parent's last piece is closed there, and an end tag that closes nothing
/// goes, so the kept HTML always nests.
enum SafeRawHTML {
    /// The element the pieces are read inside, so that text between them stays where it is written.
    private static let wrapper = "sitegen-fragment"
    private static let advice = "unsafe_html: safe keeps only harmless HTML"

    /// Replaces the raw HTML below `root` by what is kept of it; `place` gives a node's start in the file.
    static func apply(
        to root: MarkdownNode, context: inout MarkdownContext, place: (MarkdownNode) -> (line: Int, column: Int)
    ) {
        var groups: [[MarkdownNode]] = []
        var groupOfParent: [MarkdownNode: Int] = [:]
        for node in root.descendants where node.kind == .htmlBlock || node.kind == .htmlInline {
            let parent = node.parent ?? root
            if let index = groupOfParent[parent] {
                groups[index].append(node)
            } else {
                groupOfParent[parent] = groups.count
                groups.append([node])
            }
        }
        for group in groups { sanitize(group, context: &context, place: place) }
    }

    /// An element the parser has open: whether its tags are written, and whether its content is dropped too.
    private struct Open {
        var name: String
        var kept: Bool
        var dropsContent: Bool
    }

    private static func sanitize(
        _ nodes: [MarkdownNode], context: inout MarkdownContext, place: (MarkdownNode) -> (line: Int, column: Int)
    ) {
        let inline = nodes[0].kind == .htmlInline
        let literals = nodes.map { $0.literal ?? "" }
        var text = "<\(wrapper)>"
        var starts: [Int] = []
        for literal in literals {
            starts.append(text.utf8.count)
            text += literal + "<!---->"
        }
        let bytes = Array(text.utf8)
        var outputs = Array(repeating: "", count: nodes.count)
        func piece(at offset: Int) -> Int { max((starts.lastIndex { $0 <= offset }) ?? 0, 0) }
        /// The file's line and column of a byte of the text.
        func location(at offset: Int) -> (line: Int, column: Int) {
            let index = piece(at: offset)
            let inside = literals[index].utf8.prefix(max(offset - starts[index], 0))
            let start = place(nodes[index])
            let lines = inside.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            guard lines > 0, let lastBreak = inside.lastIndex(of: 0x0A) else {
                return (start.line, start.column + inside.count)
            }
            return (start.line + lines, inside.distance(from: lastBreak, to: inside.endIndex))
        }
        func remove(_ message: String, at offset: Int) {
            let (line, column) = location(at: offset)
            context.removedHTML.append(RawHTMLRemoval(line: line, column: column, message: message))
        }

        var stack: [Open] = []
        var hidden = 0
        /// The pieces where an element left out with its content starts and ends: what is between them goes too.
        var hiddenSpans: [(from: Int, to: Int)] = []
        var hiddenFrom = 0
        for event in HTMLFragmentParser.events(of: text) {
            switch event.kind {
            case .start(let name, let attributes):
                // A start event comes at the tag's `>`: the tag starts at the `<` before it.
                let tagStart = bytes[..<min(event.offset, bytes.count)].lastIndex(of: UInt8(ascii: "<")) ?? 0
                guard !stack.isEmpty else {
                    stack.append(Open(name: name, kept: false, dropsContent: false))
                    continue
                }
                guard hidden == 0 else {
                    stack.append(Open(name: name, kept: false, dropsContent: false))
                    continue
                }
                if HTMLAllowlist.droppedWithContent.contains(name) {
                    remove("<\(name)> is left out of the page with what it holds; \(advice)", at: tagStart)
                    stack.append(Open(name: name, kept: false, dropsContent: true))
                    hidden += 1
                    hiddenFrom = piece(at: tagStart)
                } else if HTMLAllowlist.phrasing.contains(name) || (!inline && HTMLAllowlist.blocks.contains(name)) {
                    let location = location(at: tagStart)
                    var removed: [String] = []
                    let tag = startTag(name, attributes, at: location, context: &context, removed: &removed)
                    for message in removed { remove(message, at: tagStart) }
                    guard let tag else {
                        stack.append(Open(name: name, kept: false, dropsContent: false))
                        continue
                    }
                    outputs[piece(at: tagStart)] += tag
                    stack.append(Open(name: name, kept: true, dropsContent: false))
                } else if HTMLAllowlist.blocks.contains(name) {
                    remove(
                        "<\(name)> inside a line of text is left out of the page (its text is kept); "
                            + "start it on a line of its own", at: tagStart)
                    stack.append(Open(name: name, kept: false, dropsContent: false))
                } else {
                    remove("<\(name)> is left out of the page (its text is kept); \(advice)", at: tagStart)
                    stack.append(Open(name: name, kept: false, dropsContent: false))
                }
            case .end(let name):
                guard let index = stack.lastIndex(where: { $0.name == name }) else { continue }
                for open in stack[index...].reversed() {
                    if open.dropsContent {
                        hidden -= 1
                        if hidden == 0 { hiddenSpans.append((hiddenFrom, piece(at: max(event.offset - 1, 0)))) }
                    }
                    if open.kept, !HTMLAllowlist.void.contains(open.name) {
                        outputs[piece(at: max(event.offset - 1, 0))] += "</\(open.name)>"
                    }
                }
                stack.removeSubrange(index...)
            case .text(let words):
                guard hidden == 0, stack.count > 0 else { continue }
                outputs[piece(at: max(event.offset - 1, 0))] += HTMLText.escaped(words)
            }
        }
        // Markdown between the pieces of `<script>x</script>` written in a line is inside the script.
        for span in hiddenSpans where span.from < span.to {
            while let between = nodes[span.from].next, between != nodes[span.to] { between.unlink() }
        }
        for (node, output) in zip(nodes, outputs) {
            if output.allSatisfy({ $0 == "\n" }) {
                node.unlink()
            } else {
                node.replace(with: .raw(node.kind == .htmlBlock ? .customBlock : .customInline, enter: output))
            }
        }
    }

    /// A kept element's start tag with the attributes it may keep; `nil` for an image left without a source.
    private static func startTag(
        _ name: String, _ attributes: [(name: String, value: String?)], at location: (line: Int, column: Int),
        context: inout MarkdownContext, removed: inout [String]
    ) -> String? {
        var tag = "<" + name
        var hasSource = false
        for (attribute, value) in attributes {
            guard let kind = HTMLAllowlist.attributes[name]?[attribute] ?? HTMLAllowlist.global[attribute] else {
                removed.append("\(attribute) on <\(name)> is left out of the page; \(advice)")
                continue
            }
            switch kind {
            case .flag:
                tag += " " + attribute
            case .text:
                tag += " \(attribute)=\"\(attributeEscaped(value ?? ""))\""
            case .wholeNumber:
                let number = (value ?? "").trimmingASCIISpaces
                guard !number.isEmpty, number.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                    removed.append(
                        "\(attribute)=\"\(value ?? "")\" on <\(name)> is left out of the page: it must be a whole number"
                    )
                    continue
                }
                tag += " \(attribute)=\"\(number)\""
            case .link:
                guard let url = link(value ?? "", on: name, at: location, context: &context) else {
                    let schemes = name == "img" ? "http: or https:" : "http:, https:, mailto:"
                    removed.append(
                        "\(attribute)=\"\(value ?? "")\" on <\(name)> is left out of the page: a link here must be "
                            + "\(schemes) or into the site")
                    continue
                }
                if attribute == "src" { hasSource = true }
                tag += " \(attribute)=\"\(attributeEscaped(url))\""
            }
        }
        if name == "img", !hasSource {
            if !attributes.contains(where: { $0.name == "src" }) {
                removed.append("<img> without src is left out of the page")
            }
            return nil
        }
        return tag + ">"
    }

    /// The URL to write for a link kept in raw HTML, resolved like a Markdown link and noted for
    /// `LinkCheck`; `nil` for a scheme that is not harmless (`javascript:`, `data:`, `vbscript:` …).
    private static func link(
        _ value: String, on element: String, at location: (line: Int, column: Int), context: inout MarkdownContext
    ) -> String? {
        // Browsers ignore spaces around a URL and tabs and line breaks inside it, and read schemes in any case.
        let written = String(
            String.UnicodeScalarView(
                value.trimmingASCIISpaces.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        if let scheme = scheme(of: written) {
            return HTMLAllowlist.allowsScheme(scheme.lowercased(), on: element) ? written : nil
        }
        guard let base = context.linkBase, let (url, target, fragment) = LinkResolution.resolve(written, from: base)
        else { return written }
        context.links.append(
            MarkdownLink(
                target: target, fragment: fragment, written: written, isImage: element == "img", line: location.line,
                column: location.column))
        return url
    }

    /// The scheme a URL starts with (`https` in `https://…`); `nil` for a relative one.
    private static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let prefix = url[..<colon]
        guard let first = prefix.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            prefix.unicodeScalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+.-".unicodeScalars.contains($0))
            })
        else { return nil }
        return String(prefix)
    }

    private static func attributeEscaped(_ value: String) -> String {
        HTMLText.escaped(value)
    }
}

extension String {
    /// The string without the ASCII white space and control characters at its ends.
    fileprivate var trimmingASCIISpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }) else { return "" }
        let last = scalars.lastIndex { $0.value > 0x20 }!
        return String(scalars[first...last])
    }
}
