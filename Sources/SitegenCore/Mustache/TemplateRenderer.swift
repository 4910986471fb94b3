/// Renders parsed templates into one output buffer. Holds no mutable state,
/// so one renderer (and the templates) can be shared by many threads.
struct TemplateRenderer {
    /// How deep partials and parents may nest before rendering gives up.
    static let maxDepth = 100

    /// Templates that partial and parent tags can name.
    let partials: [String: MustacheTemplate]

    /// Renders a whole template with `stack` as its context stack.
    func render(
        _ template: MustacheTemplate, stack: inout [TemplateValue], into output: inout MustacheOutput
    ) throws(TemplateRenderError) {
        let scope = Scope(indentation: "", overrides: [:], depth: 0, templateName: template.name)
        try render(template.nodes, in: scope, stack: &stack, into: &output)
    }

    // MARK: - Nodes

    private func render(
        _ nodes: [MustacheNode], in scope: Scope, stack: inout [TemplateValue], into output: inout MustacheOutput
    ) throws(TemplateRenderError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.write(text)
            case .lineStart:
                output.startLine(indentation: scope.indentation)
            case .variable(let path, let escaped):
                if let value = Self.lookup(path, in: stack) { output.write(value, escaped: escaped) }
            case .section(let path, let body):
                guard let value = Self.lookup(path, in: stack), value.isTruthy else { continue }
                if case .list(let items) = value {
                    for item in items {
                        stack.append(item)
                        try render(body, in: scope, stack: &stack, into: &output)
                        stack.removeLast()
                    }
                } else {
                    stack.append(value)
                    try render(body, in: scope, stack: &stack, into: &output)
                    stack.removeLast()
                }
            case .inverted(let path, let body):
                if !(Self.lookup(path, in: stack)?.isTruthy ?? false) {
                    try render(body, in: scope, stack: &stack, into: &output)
                }
            case .partial(let call):
                guard let template = resolve(call.target, stack) else { continue }
                try include(
                    template, indentation: call.indentation, overrides: scope.overrides,
                    from: scope, stack: &stack, into: &output
                )
            case .parent(let call):
                guard let template = resolve(call.target, stack) else { continue }
                var overrides = call.overrides.mapValues { BoundBlock(definition: $0, overrides: scope.overrides) }
                overrides.merge(scope.overrides) { _, outer in outer }
                try include(
                    template, indentation: call.indentation, overrides: overrides,
                    from: scope, stack: &stack, into: &output
                )
            case .block(let block):
                try render(block, in: scope, stack: &stack, into: &output)
            }
        }
    }

    /// A block fills its slot with the override in force, or else its own default content.
    private func render(
        _ block: MustacheNode.Block, in scope: Scope, stack: inout [TemplateValue], into output: inout MustacheOutput
    ) throws(TemplateRenderError) {
        var inner = scope
        let content: [MustacheNode]
        if let bound = scope.overrides[block.name] {
            inner.indentation += block.slotIndentation
            inner.overrides = bound.overrides
            content = bound.definition.content
        } else {
            inner.indentation += block.contentIndentation
            content = block.content
        }
        output.startLine(indentation: inner.indentation)
        try render(content, in: inner, stack: &stack, into: &output)
    }

    /// Renders a partial or parent template in place of its tag.
    private func include(
        _ template: MustacheTemplate, indentation: String, overrides: [String: BoundBlock],
        from scope: Scope, stack: inout [TemplateValue], into output: inout MustacheOutput
    ) throws(TemplateRenderError) {
        guard scope.depth < Self.maxDepth else {
            throw TemplateRenderError(
                templateName: scope.templateName,
                "partials and parents nest more than \(Self.maxDepth) deep at \"\(template.name)\"; does a template include itself?"
            )
        }
        let inner = Scope(
            indentation: scope.indentation + indentation, overrides: overrides,
            depth: scope.depth + 1, templateName: template.name
        )
        try render(template.nodes, in: inner, stack: &stack, into: &output)
    }

    /// The template a partial or parent tag names; a dynamic name is looked up first.
    private func resolve(_ target: MustacheNode.Target, _ stack: [TemplateValue]) -> MustacheTemplate? {
        switch target {
        case .named(let name):
            return partials[name]
        case .dynamic(let path):
            guard let name = Self.lookup(path, in: stack)?.interpolatedText, !name.isEmpty else { return nil }
            return partials[name]
        }
    }

    // MARK: - Lookup

    /// Finds a name: its first key through the stack from the top, the others
    /// only inside what was found. `nil` when any part is missing.
    static func lookup(_ path: MustacheNode.Path, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.keys.first else { return stack.last }
        var found: TemplateValue?
        for context in stack.reversed() {
            if case .object(let fields) = context, let value = fields[first] {
                found = value
                break
            }
        }
        guard var current = found else { return nil }
        for key in path.keys.dropFirst() {
            guard case .object(let fields) = current, let next = fields[key] else { return nil }
            current = next
        }
        return current
    }
}

/// Where nodes are being rendered.
private struct Scope {
    /// Written at each line start: enclosing standalone partials, parents and blocks.
    var indentation: String
    /// The block overrides in force, by block name.
    var overrides: [String: BoundBlock]
    /// How many partials and parents enclose this point.
    var depth: Int
    /// The template being rendered, for errors.
    var templateName: String
}

/// An override together with the overrides in force where it was written,
/// which its own nested blocks use.
private struct BoundBlock {
    let definition: MustacheNode.Block
    let overrides: [String: BoundBlock]
}
