/// Math as the page shows it: every `$…$`, `$$…$$` (placeholders left by
/// `MathSpans`) and ```` ```math ```` block of a document becomes the MathML
/// the converter made of it (`MathRenderer`, all of a document's unknown
/// expressions in one batch). An expression the converter rejects is shown as
/// its source, in `code class="math-error"`, and noted for a warning at its place.
enum MathExpressions {
    /// A problem with an expression, at its place in the text.
    struct Problem: Sendable {
        var line: Int
        var column: Int
        var message: String
        /// The converter could not run at all (the build cannot show the math).
        var unavailable: Bool
    }

    static func apply(
        to document: MarkdownNode, spans: [MathSpans.Span], renderer: MathRenderer, context: inout MarkdownContext
    ) {
        let blocks = document.descendants.filter { node in
            node.kind == .codeBlock
                && node.fenceInfo.split(whereSeparator: { $0 == " " || $0 == "\t" }).first == "math"
        }
        guard !spans.isEmpty || !blocks.isEmpty else { return }
        let blockTeX = blocks.map { ($0.literal ?? "").trimmingWhitespace }
        let expressions =
            spans.map { MathRenderer.Expression(tex: $0.tex, display: $0.display) }
            + blockTeX.map { MathRenderer.Expression(tex: $0, display: true) }
        let places = spans.map { ($0.line, $0.column) } + blocks.map { ($0.start.line + 1, $0.start.column) }
        let outputs = renderer.outputs(for: expressions)
        var unavailable: (place: (Int, Int), message: String)? = nil
        for (index, output) in outputs.enumerated() {
            switch output {
            case .mathML: break
            case .rejected(let message):
                context.mathProblems.append(
                    Problem(
                        line: places[index].0, column: places[index].1,
                        message: "this math cannot be shown: \(message)", unavailable: false))
            case .unavailable(let message):
                if unavailable.map({ places[index] < $0.place }) ?? true { unavailable = (places[index], message) }
            }
        }
        // Said once, at the first expression that needed the converter.
        if let unavailable {
            context.mathProblems.append(
                Problem(
                    line: unavailable.place.0, column: unavailable.place.1, message: unavailable.message,
                    unavailable: true))
        }
        var html = spans.indices.map { index -> (html: String, tex: String) in
            let span = spans[index]
            let delimiter = span.display ? "$$" : "$"
            return (self.html(outputs[index], source: delimiter + span.tex + delimiter, block: false), span.tex)
        }[...]
        for (block, index) in zip(blocks, spans.count...) {
            let html = self.html(outputs[index], source: blockTeX[index - spans.count], block: true)
            block.replace(with: .raw(.customBlock, enter: html + "\n"))
        }
        guard !spans.isEmpty else { return }
        replacePlaceholders(in: document, with: &html)
    }

    private static func html(_ output: MathConverter.Output, source: String, block: Bool) -> String {
        switch output {
        case .mathML(let mathML): mathML
        case .rejected, .unavailable:
            block
                ? "<pre class=\"math-error\"><code>\(HTMLText.escaped(source))</code></pre>"
                : "<code class=\"math-error\">\(HTMLText.escaped(source))</code>"
        }
    }

    /// Puts each placeholder's HTML in its place: the text before it stays, the nodes it covers go.
    private static func replacePlaceholders(
        in document: MarkdownNode, with html: inout ArraySlice<(html: String, tex: String)>
    ) {
        var inside: MarkdownNode? = nil  // The math node of a placeholder whose end is still ahead.
        for node in document.descendants {
            if let math = inside, node.parent == math.parent, node.kind != .text {
                node.unlink()
                continue
            }
            guard node.kind == .text, let literal = node.literal,
                inside != nil || literal.utf8.contains(MathSpans.opener)
            else { continue }
            var rest = Substring(literal)
            var anchor = node  // The last node put in place, the next goes after it.
            var first = true
            func place(_ new: MarkdownNode) {
                if first { node.insertBefore(new) } else { anchor.insertAfter(new) }
                anchor = new
                first = false
            }
            if inside != nil {
                guard let end = rest.utf8.firstIndex(of: MathSpans.closer) else {
                    node.unlink()
                    continue
                }
                rest = rest[rest.utf8.index(after: end)...]
                inside = nil
            }
            while let start = rest.utf8.firstIndex(of: MathSpans.opener) {
                if start > rest.startIndex { place(.text(String(rest[..<start]))) }
                let next = html.popFirst() ?? ("", "")
                let math = MarkdownNode.raw(.customInline, enter: next.html, text: next.tex)
                place(math)
                let after = rest[rest.utf8.index(after: start)...]
                guard let end = after.utf8.firstIndex(of: MathSpans.closer) else {
                    inside = math
                    rest = ""
                    break
                }
                rest = after[after.utf8.index(after: end)...]
            }
            if !rest.isEmpty { place(.text(String(rest))) }
            node.unlink()
        }
    }
}
