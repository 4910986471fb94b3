/// Applies the whitespace rules of Mustache to scanned tokens, line by line:
///
/// - A standalone line (only whitespace and one non-variable tag) is removed
///   with its line break; a partial or parent tag on it keeps the leading
///   whitespace as its indentation. Inheritance tags may share a standalone
///   line (`{{<parent}}{{$block}}`, `{{/block}}{{/parent}}`).
/// - Every other non-empty line starts with a `lineStart` marker, where the
///   renderer puts the indentation of an enclosing standalone partial.
/// - A block whose opening tag is standalone has its content's own
///   indentation (that of its first non-blank line) removed from every
///   content line; the renderer adds the indentation of the slot it fills
///   instead. As a slot, such a block indents overrides like its default
///   content (or like its tag, when it has none); a slot tag with only
///   whitespace before it on a shared line indents an override's later lines
///   by that whitespace.
enum MustacheLayout {
    /// The tokens with standalone lines removed and line starts marked.
    static func apply(_ scanned: [MustacheToken]) -> [MustacheToken] {
        var tokens = scanned
        markNesting(&tokens)
        var state = LayoutState()
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count, tokens[lineEnd].kind != .newline { lineEnd += 1 }
            let lineBreak = lineEnd < tokens.count ? tokens[lineEnd] : nil
            state.layOut(tokens[lineStart..<lineEnd], lineBreak: lineBreak)
            lineStart = lineEnd + 1
        }
        return state.output
    }

    /// Records which blocks sit directly in a parent tag and what each closing tag closes.
    private static func markNesting(_ tokens: inout [MustacheToken]) {
        var open: [(kind: MustacheToken.Kind, insideParent: Bool)] = []
        for index in tokens.indices {
            switch tokens[index].kind {
            case .section, .inverted, .parent, .block:
                let insideParent = open.last?.kind == .parent
                tokens[index].insideParent = insideParent
                open.append((tokens[index].kind, insideParent))
            case .close:
                if let opener = open.popLast() {
                    tokens[index].closes = opener.kind
                    tokens[index].insideParent = opener.insideParent
                }
            default:
                break
            }
        }
    }
}

/// An open section-like tag while laying out lines.
private struct LayoutFrame {
    /// Where a standalone block's opening token is in the output, else `nil`.
    var blockIndex: Int?
    /// Indentation removed from this block's content lines.
    var strip = ""
    /// A standalone block whose first content line has not been seen yet.
    var pending = false
    /// Whether `strip` was taken from a content line (not an empty block).
    var stripFromContent = false
}

/// The output so far and the open tags; one line is laid out at a time.
private struct LayoutState {
    var output: [MustacheToken] = []
    var frames: [LayoutFrame] = []

    /// Indentation removed from lines at this depth: the strips of all open blocks.
    private var removedIndentation: String { frames.map(\.strip).joined() }

    mutating func layOut(_ line: ArraySlice<MustacheToken>, lineBreak: MustacheToken?) {
        let tags = line.filter(\.isTag)
        let onlyBlanksAndTags = line.allSatisfy { $0.isTag ? !$0.isVariable : isBlank($0.text) }
        let standalone =
            onlyBlanksAndTags && !tags.isEmpty && (tags.count == 1 || tags.allSatisfy(\.isInheritanceFrame))
        let leading = leadingWhitespace(of: line)
        if !(onlyBlanksAndTags && tags.isEmpty) {
            settlePendingBlock(firstLine: leading, closesIt: standalone && tags[0].kind == .close)
        }
        if standalone {
            let indentation = removing(removedIndentation, from: leading)
            for var tag in tags {
                tag.indentation = indentation
                append(tag, standalone: true, slotIndentation: "")
            }
        } else {
            layOutInline(line, lineBreak: lineBreak)
        }
    }

    /// A standalone block takes the indentation of its first non-blank content
    /// line as its own; none when its closing tag comes first.
    private mutating func settlePendingBlock(firstLine leading: String, closesIt: Bool) {
        guard let last = frames.indices.last, frames[last].pending else { return }
        frames[last].pending = false
        if !closesIt {
            frames[last].strip = removing(removedIndentation, from: leading)
            frames[last].stripFromContent = true
        }
    }

    /// A line that stays: strip block indentation, mark its start, keep its tokens.
    private mutating func layOutInline(_ line: ArraySlice<MustacheToken>, lineBreak: MustacheToken?) {
        let strip = removedIndentation
        var first = true
        var whitespaceSoFar: String? = ""
        for var token in line {
            if first, token.kind == .text {
                token.text = removing(strip, from: token.text)
                if token.text.isEmpty { continue }
            }
            if first { output.append(MustacheToken(kind: .lineStart, text: "")) }
            first = false
            if token.isTag {
                append(token, standalone: false, slotIndentation: whitespaceSoFar ?? "")
                whitespaceSoFar = nil
            } else {
                output.append(token)
                whitespaceSoFar = whitespaceSoFar.flatMap { isBlank(token.text) ? $0 + token.text : nil }
            }
        }
        if let lineBreak { output.append(lineBreak) }
    }

    /// Appends a tag and tracks the blocks it opens or closes.
    private mutating func append(_ token: MustacheToken, standalone: Bool, slotIndentation: String) {
        var token = token
        switch token.kind {
        case .section, .inverted, .parent:
            frames.append(LayoutFrame())
        case .block where standalone:
            frames.append(LayoutFrame(blockIndex: output.count, pending: true))
        case .block:
            token.slotIndentation = slotIndentation
            frames.append(LayoutFrame())
        case .close:
            if let frame = frames.popLast(), let index = frame.blockIndex {
                output[index].contentIndentation = frame.strip
                output[index].slotIndentation = frame.stripFromContent ? frame.strip : output[index].indentation
            }
        default:
            break
        }
        output.append(token)
    }

    /// The whitespace a line starts with (text before its first tag or other text).
    private func leadingWhitespace(of line: ArraySlice<MustacheToken>) -> String {
        var result = ""
        for token in line {
            guard token.kind == .text else { break }
            let blanks = token.text.prefix(while: { $0 == " " || $0 == "\t" })
            result += blanks
            if blanks.count < token.text.count { break }
        }
        return result
    }

    private func isBlank(_ text: String) -> Bool {
        text.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// `text` without as much of `indentation` as it starts with.
    private func removing(_ indentation: String, from text: String) -> String {
        var rest = Substring(text)
        for character in indentation {
            guard rest.first == character else { break }
            rest.removeFirst()
        }
        return String(rest)
    }
}
