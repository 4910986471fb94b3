/// Turns template source into a node tree: scan, apply the whitespace rules,
/// then nest sections, parents and blocks, checking that every tag is closed.
enum TemplateParser {
    /// The parsed tree, the storage it is kept in, the UTF-8 of its literal text (which `.text`
    /// nodes point into), and the partials and parents it names.
    struct Result {
        let nodes: MustacheNode.Nodes
        let storage: NodeStorage
        let text: [UInt8]
        let references: [TemplateReference]
    }

    static func parse(_ source: String) throws(TemplateSyntaxError) -> Result {
        let tokens = MustacheLayout.apply(try MustacheScanner(source).tokens())
        var builder = TreeBuilderState()
        for token in tokens {
            try builder.add(token)
        }
        return try builder.finish()
    }
}

/// A section, inverted section, parent or block whose closing tag is not reached yet.
private struct OpenTag {
    let token: MustacheToken
    var nodes: [MustacheNode] = []

    /// Appends a piece of text, joined to the text before it when that ends where it starts.
    mutating func appendText(_ range: MustacheNode.TextRange) {
        if case .text(let previous)? = nodes.last, previous.start + previous.count == range.start {
            nodes[nodes.count - 1] = .text(
                MustacheNode.TextRange(start: previous.start, count: previous.count + range.count))
        } else {
            nodes.append(.text(range))
        }
    }

    /// `section`, `parent` or `block`, for error messages.
    var word: String {
        switch token.kind {
        case .parent: return "parent"
        case .block: return "block"
        default: return "section"
        }
    }
}

/// The stack of open tags (the root template at the bottom) and the references seen.
private struct TreeBuilderState {
    private var stack = [OpenTag(token: MustacheToken(kind: .text, text: ""))]
    private var references: [TemplateReference] = []
    /// Where the nodes are kept: each section's body, and the top level once the tree is finished.
    private let storage = NodeStorage()
    /// The literal text of the whole template, in source order.
    private var text: [UInt8] = []

    mutating func add(_ token: MustacheToken) throws(TemplateSyntaxError) {
        switch token.kind {
        case .text, .newline:
            let start = text.count
            text.append(contentsOf: token.text.utf8)
            stack[stack.count - 1].appendText(MustacheNode.TextRange(start: start, count: text.count - start))
        case .lineStart:
            append(.lineStart)
        case .variable(let escaped):
            append(.variable(MustacheNode.Path(token.text), escaped: escaped))
        case .section, .inverted, .block:
            stack.append(OpenTag(token: token))
        case .parent:
            reference(.parent, token)
            stack.append(OpenTag(token: token))
        case .partial:
            reference(.partial, token)
            append(.partial(MustacheNode.PartialCall(target: target(of: token), indentation: token.indentation)))
        case .close:
            try close(with: token)
        case .comment, .delimiters:
            break
        }
    }

    mutating func finish() throws(TemplateSyntaxError) -> TemplateParser.Result {
        if stack.count > 1, let open = stack.last {
            let message = "unclosed \(open.word) \"\(open.token.matchKey)\""
            throw TemplateSyntaxError(line: open.token.line, column: open.token.column, message)
        }
        return TemplateParser.Result(
            nodes: storage.keep(stack[0].nodes), storage: storage, text: text, references: references)
    }

    private mutating func close(with token: MustacheToken) throws(TemplateSyntaxError) {
        guard stack.count > 1 else {
            let message = "closing tag \"\(token.matchKey)\" has no opening tag"
            throw TemplateSyntaxError(line: token.line, column: token.column, message)
        }
        let open = stack.removeLast()
        guard open.token.matchKey == token.matchKey else {
            throw TemplateSyntaxError(
                line: token.line, column: token.column,
                "\(open.word) \"\(open.token.matchKey)\" closed by \"\(token.matchKey)\""
            )
        }
        switch open.token.kind {
        case .section:
            append(.section(MustacheNode.Path(open.token.text), storage.keep(open.nodes)))
        case .inverted:
            append(.inverted(MustacheNode.Path(open.token.text), storage.keep(open.nodes)))
        case .block:
            append(.block(block(from: open)))
        default:
            var overrides: [String: MustacheNode.Block] = [:]
            for case .block(let block) in open.nodes { overrides[block.name] = block }
            let target = target(of: open.token)
            append(
                .parent(
                    MustacheNode.ParentCall(target: target, indentation: open.token.indentation, overrides: overrides)))
        }
    }

    private func block(from open: OpenTag) -> MustacheNode.Block {
        MustacheNode.Block(
            name: open.token.text, content: open.nodes,
            contentIndentation: open.token.contentIndentation, slotIndentation: open.token.slotIndentation
        )
    }

    private mutating func append(_ node: MustacheNode) {
        stack[stack.count - 1].nodes.append(node)
    }

    private func target(of token: MustacheToken) -> MustacheNode.Target {
        token.isDynamic ? .dynamic(MustacheNode.Path(token.text)) : .named(MustacheNode.Name(token.text))
    }

    private mutating func reference(_ kind: TemplateReference.Kind, _ token: MustacheToken) {
        guard !token.isDynamic else { return }
        references.append(TemplateReference(kind: kind, name: token.text, line: token.line, column: token.column))
    }
}
