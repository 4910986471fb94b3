/// Renders parsed templates into one output buffer. Holds no mutable state,
/// so one renderer (and the templates) can be shared by many threads.
///
/// With a `ReadLog`, a render also records what it read: every value looked
/// up outside lazy values with its path, every lazy value computed, every
/// template included. That record is the rendered output's dependencies.
struct TemplateRenderer {
    /// How deep partials and parents may nest before rendering gives up.
    static let maxDepth = 100

    /// Templates that partial and parent tags can name.
    let partials: [String: MustacheTemplate]

    /// A value on the context stack.
    struct Context {
        /// The value; never `.lazy` (lazy values are computed when pushed).
        var value: TemplateValue
        /// Where it sits, while reads are recorded and it is outside every lazy value.
        var path: ValuePath?
    }

    /// What a render carries along: the output, the stack and the log.
    struct State {
        var output: MustacheOutput
        var stack: [Context]
        var log: ReadLog?
    }

    /// The state for rendering with `values` as the context stack, recording reads into `log` if given.
    static func state(stack values: [TemplateValue], output: MustacheOutput, log: ReadLog?) -> State {
        var state = State(output: output, stack: [], log: log)
        for (index, value) in values.enumerated() {
            let path: ValuePath? = log == nil ? nil : [.root(index)]
            let (forced, forcedPath) = force(value, at: path, &state)
            state.stack.append(Context(value: forced, path: forcedPath))
        }
        return state
    }

    /// Renders a whole template.
    func render(_ template: MustacheTemplate, _ state: inout State) throws(TemplateRenderError) {
        let scope = Scope(indentation: "", overrides: [:], depth: 0, templateName: template.name)
        state.log?.template(template.name)
        try render(template.nodes, in: scope, &state)
    }

    // MARK: - Nodes

    private func render(_ nodes: [MustacheNode], in scope: Scope, _ state: inout State) throws(TemplateRenderError) {
        // By index: `for node in nodes` copied each node out, retaining and releasing its payload.
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let text):
                state.output.write(text)
            case .lineStart:
                state.output.startLine(indentation: scope.indentation)
            case .variable(let path, let escaped):
                let found = Self.lookup(path, .text, &state)
                if let value = found.value { state.output.write(value, escaped: escaped) }
            case .section(let path, let body):
                let found = Self.lookup(path, .section, &state)
                guard let value = found.value, value.isTruthy else { continue }
                if case .list(let items) = value {
                    for (index, item) in items.enumerated() {
                        let (forced, itemPath) = Self.force(item, at: found.path.map { $0 + [.index(index)] }, &state)
                        state.stack.append(Context(value: forced, path: itemPath))
                        try render(body, in: scope, &state)
                        state.stack.removeLast()
                    }
                } else {
                    state.stack.append(Context(value: value, path: found.path))
                    try render(body, in: scope, &state)
                    state.stack.removeLast()
                }
            case .inverted(let path, let body):
                if !(Self.lookup(path, .inverted, &state).value?.isTruthy ?? false) {
                    try render(body, in: scope, &state)
                }
            case .partial(let call):
                guard let template = resolve(call.target, &state) else { continue }
                try include(template, indentation: call.indentation, overrides: scope.overrides, from: scope, &state)
            case .parent(let call):
                guard let template = resolve(call.target, &state) else { continue }
                var overrides = call.overrides.mapValues { BoundBlock(definition: $0, overrides: scope.overrides) }
                overrides.merge(scope.overrides) { _, outer in outer }
                try include(template, indentation: call.indentation, overrides: overrides, from: scope, &state)
            case .block(let block):
                try render(block, in: scope, &state)
            }
        }
    }

    /// A block fills its slot with the override in force, or else its own default content.
    private func render(_ block: MustacheNode.Block, in scope: Scope, _ state: inout State) throws(TemplateRenderError)
    {
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
        state.output.startLine(indentation: inner.indentation)
        try render(content, in: inner, &state)
    }

    /// Renders a partial or parent template in place of its tag.
    private func include(
        _ template: MustacheTemplate, indentation: String, overrides: [String: BoundBlock],
        from scope: Scope, _ state: inout State
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
        try render(template.nodes, in: inner, &state)
    }

    /// The template a partial or parent tag names; a dynamic name is looked up first.
    private func resolve(_ target: MustacheNode.Target, _ state: inout State) -> MustacheTemplate? {
        let name: String
        switch target {
        case .named(let named):
            name = named
        case .dynamic(let path):
            guard let found = Self.lookup(path, .text, &state).value?.interpolatedText, !found.isEmpty else {
                return nil
            }
            name = found
        }
        state.log?.template(name)
        return partials[name]
    }

    // MARK: - Lookup

    /// What a lookup found: the value (lazy values computed) and, while reads
    /// are recorded and it lies outside lazy values, its path.
    struct Found {
        var value: TemplateValue?
        var path: ValuePath?
    }

    /// Finds a name: its first key through the stack from the top, the others
    /// only inside what was found; records the read as `kind`.
    static func lookup(_ name: MustacheNode.Path, _ kind: ReadKind, _ state: inout State) -> Found {
        guard let first = name.keys.first else {
            guard let top = state.stack.last else { return Found() }
            if let path = top.path { state.log?.read(path, kind, top.value) }
            return Found(value: top.value, path: top.path)
        }
        var found: Found?
        var index = state.stack.endIndex
        while index > state.stack.startIndex {  // By index: a copy of each context would retain its value.
            index -= 1
            if case .object(let fields) = state.stack[index].value, let value = fields[first] {
                found = Found(
                    value: value,
                    path: state.stack[index].path.map { Self.path($0, then: first.text, room: name.keys.count - 1) })
                break
            }
            if let path = state.stack[index].path { state.log?.read(Self.path(path, then: first.text), .absent, nil) }
        }
        guard var current = found, var value = current.value else { return Found() }
        (value, current.path) = force(value, at: current.path, &state)
        for key in name.keys.dropFirst() {
            current.path?.append(.key(key.text))
            guard case .object(let fields) = value, let next = fields[key] else {
                if let path = current.path { state.log?.read(path, kind, nil) }
                return Found(value: nil, path: current.path)
            }
            (value, current.path) = force(next, at: current.path, &state)
        }
        if let path = current.path { state.log?.read(path, kind, value) }
        return Found(value: value, path: current.path)
    }

    /// `path` and then `key`, made with room for `room` steps more: one allocation for a whole name.
    private static func path(_ path: ValuePath, then key: String, room: Int = 0) -> ValuePath {
        var extended = ValuePath()
        extended.reserveCapacity(path.count + 1 + room)
        extended.append(contentsOf: path)
        extended.append(.key(key))
        return extended
    }

    /// A lazy value computed (and recorded), with the path of what it holds:
    /// none, as reads inside a lazy value are covered by its identity.
    static func force(_ value: TemplateValue, at path: ValuePath?, _ state: inout State) -> (TemplateValue, ValuePath?)
    {
        guard case .lazy(let lazy) = value else { return (value, path) }
        state.log?.computed(lazy, at: path)
        var inner = lazy.value
        while case .lazy(let nested) = inner {
            state.log?.computed(nested, at: nil)
            inner = nested.value
        }
        return (inner, nil)
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
