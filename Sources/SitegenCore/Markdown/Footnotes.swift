import Foundation

/// GitHub's footnotes. A paragraph starting `[^label]:` anywhere in the
/// document defines a footnote (blocks indented under it, which cmark reads
/// as indented code, are parsed as more of its paragraphs); such a line ends
/// the paragraph before it, so definitions may follow each other line by
/// line. `[^label]` in text (not in a link or code) refers to it. Footnotes
/// are numbered by their first reference, listed at the end with links back
/// to every reference; a reference to no definition stays text, a
/// definition nobody refers to is dropped. Labels match without regard to
/// case.
///
/// The HTML is GitHub's (cmark-gfm's): a reference is
/// `<sup class="footnote-ref"><a href="#fn-LABEL" id="fnref-LABEL" data-footnote-ref>1</a></sup>`
/// (`fnref-LABEL-2` for the second reference to the same note), the notes a
/// `<section class="footnotes" data-footnotes>` list of `<li id="fn-LABEL">`,
/// each with a `data-footnote-backref` link to every reference, named for
/// screen readers in the site's words. LABEL is the label as its definition
/// writes it, percent-encoded as a URL's fragment would be.
///
/// A one-word definition (`[^1]: Ibid.`) is also a valid link reference
/// definition, which cmark takes as such: its references arrive as links to
/// the word, and are turned back into footnotes here.
enum Footnotes {
    /// One footnote's content, unlinked from the document.
    private struct Definition {
        /// The label as the definition writes it (the ids are made of it).
        var label: String
        var blocks: [MarkdownNode]
    }

    static func apply(to document: MarkdownNode, context: inout MarkdownContext) {
        guard context.source.containsText("[^") else { return }
        let deferred = context.deferredFootnotes
        splitAtDefinitions(in: document)
        var definitions = collectDefinitions(in: document, context: &context)
        recoverDefinitions(from: document, into: &definitions, context: &context)
        guard !definitions.isEmpty else { return restoreMarks(in: document, deferred) }
        var numbers: [String: Int] = [:]
        var order: [String] = []
        var references: [String: Int] = [:]
        func refer(_ written: Substring) -> MarkdownNode? {
            let label = written.lowercased()
            guard definitions[label] != nil else { return nil }
            let number: Int
            if let known = numbers[label] {
                number = known
            } else {
                order.append(label)
                number = order.count
                numbers[label] = number
            }
            references[label, default: 0] += 1
            let name = idLabel(definitions[label]!.label)
            let id = referenceID(name, references[label]!)
            return .raw(
                .customInline,
                enter:
                    "<sup class=\"footnote-ref\"><a href=\"#fn-\(name)\" id=\"\(id)\" data-footnote-ref>\(number)</a></sup>"
            )
        }
        replaceReferences(in: document, deferred: deferred, refer)
        var done = 0
        while done < order.count {  // Footnotes referred to only from other footnotes come after.
            for block in definitions[order[done]]!.blocks { replaceReferences(in: block, refer) }
            done += 1
        }
        guard !order.isEmpty else { return restoreMarks(in: document, deferred) }
        let section = MarkdownNode.raw(
            .customBlock, enter: "<section class=\"footnotes\" data-footnotes>\n<ol>", exit: "</ol>\n</section>")
        for (index, label) in order.enumerated() {
            let number = index + 1
            let name = idLabel(definitions[label]!.label)
            let item = MarkdownNode.raw(.customBlock, enter: "<li id=\"fn-\(name)\">", exit: "</li>")
            for block in definitions[label]!.blocks { item.append(block) }
            let count = references[label]!
            let backLinks = (1...count).map { count in
                // The second reference to note 1 is `1-2`, in the link's name and its index.
                let index = count > 1 ? "\(number)-\(count)" : "\(number)"
                let named = HTMLText.escaped(
                    context.renderer.footnoteBackLabel.replacingOccurrences(of: "{n}", with: index))
                let mark = count > 1 ? "<sup class=\"footnote-ref\">\(count)</sup>" : ""
                return "<a href=\"#\(referenceID(name, count))\" class=\"footnote-backref\" data-footnote-backref "
                    + "data-footnote-backref-idx=\"\(index)\" aria-label=\"\(named)\">↩\(mark)</a>"
            }.joined(separator: " ")
            let back = MarkdownNode.raw(.customInline, enter: " " + backLinks)
            if let last = item.lastChild, last.kind == .paragraph {
                last.append(back)
            } else {
                let paragraph = MarkdownNode.make(.paragraph)
                paragraph.append(back)
                item.append(paragraph)
            }
            section.append(item)
            context.reservedIDs += ["fn-\(name)"] + (1...count).map { referenceID(name, $0) }
        }
        document.append(section)
    }

    /// The id of the `count`th reference to the note whose label is `name` in ids.
    private static func referenceID(_ name: String, _ count: Int) -> String {
        "fnref-\(name)" + (count > 1 ? "-\(count)" : "")
    }

    /// A label as ids and `#` links hold it: ASCII letters, digits and `-._~` as written, every other
    /// byte `%XX` (so it means the same in an `id` and in an `href`, and needs no HTML escaping).
    private static func idLabel(_ label: String) -> String {
        var name = ""
        for byte in label.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
            {
                name.unicodeScalars.append(scalar)
            } else {
                name += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return name
    }

    /// The label a line defines (`[^note]: …`), case-folded, with its text after the colon: given the line's first inline.
    private static func definitionStart(_ first: MarkdownNode?) -> (label: String, written: String, rest: String)? {
        guard let first, first.kind == .text, let text = first.literal, text.hasPrefix("[^"),
            let close = text.firstIndex(of: "]")
        else { return nil }
        let label = text[text.index(text.startIndex, offsetBy: 2)..<close]
        let afterClose = text.index(after: close)
        guard !label.isEmpty, !label.contains(where: \.isWhitespace), afterClose < text.endIndex,
            text[afterClose] == ":"
        else { return nil }
        return (
            label.lowercased(), String(label),
            String(text[text.index(after: afterClose)...].drop { $0 == " " || $0 == "\t" })
        )
    }

    /// Ends a paragraph before each line of it that starts a definition (cmark only knows the first line's kind).
    /// From the last line up, so that each inline moves once.
    private static func splitAtDefinitions(in document: MarkdownNode) {
        for paragraph in document.descendants where paragraph.kind == .paragraph {
            for lineEnd in paragraph.children.reversed()
            where (lineEnd.kind == .softBreak || lineEnd.kind == .lineBreak) && definitionStart(lineEnd.next) != nil {
                let definition = MarkdownNode.make(.paragraph)
                paragraph.insertAfter(definition)
                while let node = lineEnd.next {
                    node.unlink()
                    definition.append(node)
                }
                lineEnd.unlink()
            }
        }
    }

    private static func collectDefinitions(in document: MarkdownNode, context: inout MarkdownContext) -> [String:
        Definition]
    {
        var definitions: [String: Definition] = [:]
        for paragraph in document.descendants where paragraph.kind == .paragraph && paragraph.parent != nil {
            guard let (label, written, rest) = definitionStart(paragraph.firstChild) else { continue }
            let blocks = [paragraph] + indentedBlocks(after: paragraph, context: &context)
            if rest.isEmpty { paragraph.firstChild?.unlink() } else { paragraph.firstChild?.literal = rest }
            if paragraph.firstChild?.kind == .softBreak { paragraph.firstChild?.unlink() }
            paragraph.unlink()
            if definitions[label] == nil { definitions[label] = Definition(label: written, blocks: blocks) }
        }
        return definitions
    }

    /// The paragraphs indented under a definition's first paragraph (cmark read them as indented code),
    /// parsed again as Markdown and unlinked.
    private static func indentedBlocks(after paragraph: MarkdownNode, context: inout MarkdownContext) -> [MarkdownNode]
    {
        var blocks: [MarkdownNode] = []
        var next = paragraph.next
        while let block = next, block.kind == .codeBlock, isIndented(block, lines: context.lines) {
            next = block.next
            let parsed = context.renderer.parse(block.literal ?? "")
            block.unlink()
            blocks += parsed.children.map { child in
                child.unlink()
                return child
            }
        }
        return blocks
    }

    /// Whether a code block was written indented, not fenced (cmark keeps no flag: its first line tells).
    private static func isIndented(_ block: MarkdownNode, lines: [Substring]) -> Bool {
        guard block.start.line >= 1, block.start.line <= lines.count else { return false }
        let line = lines[block.start.line - 1].drop { $0 == " " || $0 == "\t" || $0 == ">" }
        return !line.hasPrefix("```") && !line.hasPrefix("~~~")
    }

    /// Definitions cmark took as link reference definitions: references that came out as links to the word,
    /// in the text, in other footnotes or in table cells rendered apart (`markReferences`). Only `[^word]` as
    /// written (a shortcut reference) is one: `[^word](url)` is a link.
    private static func recoverDefinitions(
        from document: MarkdownNode, into definitions: inout [String: Definition], context: inout MarkdownContext
    ) {
        let roots = [document] + definitions.values.flatMap(\.blocks)
        for link in roots.flatMap(\.descendants) where link.kind == .link {
            guard let label = shortcutLabel(of: link) else { continue }
            recover(
                label, url: link.url ?? "", title: link.title ?? "", into: &definitions, in: document,
                context: &context)
            link.replace(with: .text("[^" + label + "]"))
        }
        for reference in context.deferredFootnotes {
            guard let link = reference.link else { continue }
            recover(
                reference.label, url: link.url, title: link.title, into: &definitions, in: document,
                context: &context)
        }
    }

    /// The label of a link that is `[^word]` as written, a reference to a one-word definition.
    private static func shortcutLabel(of link: MarkdownNode) -> String? {
        guard let only = link.firstChild, only.next == nil, only.kind == .text, let text = only.literal,
            text.hasPrefix("^"), text.count > 1, !text.contains(where: \.isWhitespace),
            link.start.line == link.end.line, link.end.column - link.start.column == text.utf8.count + 1
        else { return nil }
        return String(text.dropFirst())
    }

    /// The definition of a label cmark read as a link reference definition, made of the link's words
    /// and the lines that continue it; nothing when the label is defined already.
    private static func recover(
        _ written: String, url: String, title: String, into definitions: inout [String: Definition],
        in document: MarkdownNode, context: inout MarkdownContext
    ) {
        let label = written.lowercased()
        guard definitions[label] == nil else { return }
        let paragraph = MarkdownNode.make(.paragraph)
        let words = [url.removingPercentEncodingOrSelf, title].filter { !$0.isEmpty }
        paragraph.append(.text(words.joined(separator: " ")))
        var blocks = [paragraph]
        // The lines after `[^label]: word` stayed behind as a paragraph of their own: they continue it.
        if let rest = continuation(ofDefinition: label, in: document, lines: context.lines) {
            paragraph.append(.make(.softBreak))
            while let child = rest.firstChild {
                child.unlink()
                paragraph.append(child)
            }
            blocks += indentedBlocks(after: rest, context: &context)
            rest.unlink()
        }
        definitions[label] = Definition(label: written, blocks: blocks)
    }

    /// What cmark left of a one-word definition's paragraph once it took the first line as a link
    /// reference definition: the paragraph starting on that line or the next.
    private static func continuation(ofDefinition label: String, in document: MarkdownNode, lines: [Substring])
        -> MarkdownNode?
    {
        let start = "[^" + label + "]:"
        guard
            let index = lines.firstIndex(where: { line in
                let trimmed = line.drop { $0 == " " }
                return line.count - trimmed.count <= 3 && trimmed.lowercased().hasPrefix(start)
            })
        else { return nil }
        let line = index + 1
        return document.descendants.first { block in
            block.kind == .paragraph && (block.start.line == line || block.start.line == line + 1)
                && block.firstChild.map { definitionStart($0) == nil } ?? false
        }
    }

    /// Replaces `[^label]` in the text under `root` (not in links or code) by what `refer` makes of the label
    /// as written, and the marks `markReferences` left in HTML made before, in document order.
    private static func replaceReferences(
        in root: MarkdownNode, deferred: [DeferredReference] = [], _ refer: (Substring) -> MarkdownNode?
    ) {
        for node in [root] + root.descendants(entering: { $0.kind != .link && $0.kind != .image }) {
            if node.kind == .customBlock || node.kind == .customInline, !deferred.isEmpty,
                node.onEnter.unicodeScalars.contains(markStart)
            {
                node.replace(
                    with: .raw(
                        node.kind, enter: substitutingMarks(in: node.onEnter, deferred) { refer($0)?.onEnter },
                        exit: node.onExit))
                continue
            }
            guard node.kind == .text, node.literalContains("[^"), let text = node.literal else { continue }
            var rest = Substring(text)
            var pieces: [MarkdownNode] = []
            var plain = ""
            while let open = rest.range(of: "[^") {
                plain += rest[..<open.lowerBound]
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: "]") else {
                    plain += rest[open.lowerBound...]
                    rest = ""
                    break
                }
                let label = after[..<close]
                if !label.isEmpty, !label.contains(where: { $0.isWhitespace || $0 == "[" }),
                    let reference = refer(label)
                {
                    if !plain.isEmpty { pieces.append(.text(plain)) }
                    plain = ""
                    pieces.append(reference)
                } else {
                    plain += rest[open.lowerBound...close]
                }
                rest = after[after.index(after: close)...]
            }
            guard !pieces.isEmpty else { continue }
            plain += rest
            if !plain.isEmpty { pieces.append(.text(plain)) }
            for piece in pieces { node.insertBefore(piece) }
            node.unlink()
        }
    }

    // MARK: References in HTML made before footnotes are numbered

    /// A reference in a table cell that was parsed and rendered on its own (`GFMTables`' general way):
    /// its label as written, and, when cmark took a one-word definition for a link reference
    /// definition, that link's destination and title.
    struct DeferredReference {
        var label: String
        var link: (url: String, title: String)?
    }

    /// Marks a reference in HTML: two noncharacters (which no text sitegen renders holds) around its number.
    private static let markStart = Unicode.Scalar(0xFDD0)!
    private static let markEnd = Unicode.Scalar(0xFDD1)!

    /// Replaces the references under `root` by marks, to be numbered by `apply` where the HTML rendered from
    /// `root` ends up; only when footnotes are on (`apply` then always runs and takes every mark away).
    static func markReferences(in root: MarkdownNode, context: inout MarkdownContext) {
        func mark(_ reference: DeferredReference) -> MarkdownNode {
            context.deferredFootnotes.append(reference)
            let number = context.deferredFootnotes.count - 1
            return .raw(.customInline, enter: String(markStart) + String(number) + String(markEnd))
        }
        for link in root.descendants where link.kind == .link {
            guard let label = shortcutLabel(of: link) else { continue }
            link.replace(with: mark(DeferredReference(label: label, link: (link.url ?? "", link.title ?? ""))))
        }
        replaceReferences(in: root) { label in mark(DeferredReference(label: String(label))) }
    }

    /// The HTML with each mark replaced by what `refer` makes of its label, or else by the label as written.
    private static func substitutingMarks(
        in html: String, _ deferred: [DeferredReference], _ refer: (Substring) -> String?
    ) -> String {
        var result = String.UnicodeScalarView()
        var number: String.UnicodeScalarView? = nil
        for scalar in html.unicodeScalars {
            if scalar == markStart {
                number = String.UnicodeScalarView()
            } else if scalar == markEnd, let digits = number {
                let reference = Int(String(digits)).map { deferred[$0] }
                let label = reference?.label ?? ""
                result.append(
                    contentsOf: (refer(Substring(label)) ?? HTMLText.escaped("[^" + label + "]")).unicodeScalars)
                number = nil
            } else if number != nil {
                number!.append(scalar)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Every mark left (the document defines no footnote at all) back to the reference's text.
    private static func restoreMarks(in document: MarkdownNode, _ deferred: [DeferredReference]) {
        guard !deferred.isEmpty else { return }
        replaceReferences(in: document, deferred: deferred) { _ in nil }
    }
}

extension String {
    /// The string with `%XX` escapes decoded, or the string itself when they do not make UTF-8.
    var removingPercentEncodingOrSelf: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex),
                let low = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex), low < utf8.endIndex,
                let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index = utf8.index(index, offsetBy: 3)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }
}
