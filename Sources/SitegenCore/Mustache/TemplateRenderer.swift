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
        /// The partials and parents this render has included, by the name their tags wrote.
        var included: [(name: MustacheNode.Name, body: MustacheTemplate.Body)] = []
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
        let body = template.body
        let scope = Scope(indentation: "", overrides: [:], depth: 0, templateName: body.name, text: body.text)
        state.log?.template(template.name)
        try render(body.nodes, in: scope, &state)
    }

    // MARK: - Nodes

    private func render(_ nodes: [MustacheNode], in scope: Scope, _ state: inout State) throws(TemplateRenderError) {
        // Through the buffer: each node is switched on in place. `for node in nodes`, and even
        // `nodes[index]`, copied each node out, retaining and releasing its payload (a million
        // times for a few hundred list pages).
        try nodes.withUnsafeBufferPointer { (nodes) throws(TemplateRenderError) in
            try render(nodes, in: scope, &state)
        }
    }

    /// Nodes kept by a template, switched on in place as an array's are.
    private func render(_ nodes: MustacheNode.Nodes, in scope: Scope, _ state: inout State) throws(TemplateRenderError)
    {
        try nodes.withNodes { (nodes) throws(TemplateRenderError) in try render(nodes, in: scope, &state) }
    }

    private func render(_ nodes: UnsafeBufferPointer<MustacheNode>, in scope: Scope, _ state: inout State)
        throws(TemplateRenderError)
    {
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let range):
                scope.text.withBytes(in: range) { state.output.write($0) }
            case .lineStart:
                state.output.startLine(indentation: scope.indentation)
            case .variable(let path, let escaped):
                state.output.write(Self.lookup(path, .text, &state).value, escaped: escaped)
            case .section(let path, let body):
                let found = Self.lookup(path, .section, &state)
                let value = found.value
                guard value.isTruthy else { continue }
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
                if !Self.lookup(path, .inverted, &state).value.isTruthy {
                    try render(body, in: scope, &state)
                }
            case .partial(let call):
                guard let body = resolve(call.target, &state) else { continue }
                try include(body, indentation: call.indentation, overrides: scope.overrides, from: scope, &state)
            case .parent(let call):
                guard let body = resolve(call.target, &state) else { continue }
                var overrides = call.overrides.mapValues {
                    BoundBlock(definition: $0, overrides: scope.overrides, text: scope.text)
                }
                overrides.merge(scope.overrides) { _, outer in outer }
                try include(body, indentation: call.indentation, overrides: overrides, from: scope, &state)
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
            inner.text = bound.text
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
        _ body: MustacheTemplate.Body, indentation: String, overrides: [String: BoundBlock],
        from scope: Scope, _ state: inout State
    ) throws(TemplateRenderError) {
        guard scope.depth < Self.maxDepth else {
            throw TemplateRenderError(
                templateName: scope.templateName.text,
                "partials and parents nest more than \(Self.maxDepth) deep at \"\(body.name.text)\"; does a template include itself?"
            )
        }
        let inner = Scope(
            indentation: scope.indentation + indentation, overrides: overrides,
            depth: scope.depth + 1, templateName: body.name, text: body.text
        )
        try render(body.nodes, in: inner, &state)
    }

    /// The template a partial or parent tag names; a dynamic name is looked up first.
    private func resolve(_ target: MustacheNode.Target, _ state: inout State) -> MustacheTemplate.Body? {
        switch target {
        case .named(let named):
            // The templates this render has found by a written name, searched first (and already
            // noted in the log): a page includes a few partials dozens of times, and a name written
            // in a tag is the same pointer each time.
            if let known = state.included.first(where: { $0.name == named }) { return known.body }
            let name = named.text
            state.log?.template(name)
            guard let template = partials[name] else { return nil }
            state.included.append((named, template.body))
            return template.body
        case .dynamic(let path):
            let found = Self.lookup(path, .text, &state).value.interpolatedText
            guard !found.isEmpty else { return nil }
            state.log?.template(found)
            return partials[found]?.body
        }
    }

    // MARK: - Lookup

    /// What a lookup found: the value (lazy values computed; `.null` when nothing was found)
    /// and, while reads are recorded and it lies outside lazy values, its path.
    struct Found {
        var value: TemplateValue = .null
        var path: ValuePath?
    }

    /// Finds a name: its first key through the stack from the top, the others
    /// only inside what was found; records the read as `kind`.
    static func lookup(_ name: MustacheNode.Path, _ kind: ReadKind, _ state: inout State) -> Found {
        name.withKeys { keys in lookup(keys, kind, &state) }
    }

    private static func lookup(_ keys: UnsafeBufferPointer<TemplateKey>, _ kind: ReadKind, _ state: inout State)
        -> Found
    {
        guard !keys.isEmpty else {
            guard let top = state.stack.last else { return Found() }
            if let path = top.path { state.log?.read(path, kind, top.value) }
            return Found(value: top.value, path: top.path)
        }
        // The first key through the stack, by index: a copy of each context would retain its value.
        var value = TemplateValue.null
        var path: ValuePath?
        var index = state.stack.endIndex
        var found = false
        while index > state.stack.startIndex {
            index -= 1
            if case .object(let fields) = state.stack[index].value, let field = fields[keys[0]] {
                value = field
                path = state.stack[index].path.map { Self.path($0, then: keys[0].text, room: keys.count - 1) }
                found = true
                break
            }
            if let outer = state.stack[index].path {
                state.log?.read(Self.path(outer, then: keys[0].text), .absent, nil)
            }
        }
        guard found else { return Found() }
        if case .lazy = value { (value, path) = force(value, at: path, &state) }
        // The others only inside what was found, by index (a slice of the keys would be retained).
        var next = 1
        while next < keys.count {
            path?.append(.key(keys[next].text))
            guard case .object(let fields) = value, let field = fields[keys[next]] else {
                if let path { state.log?.read(path, kind, nil) }
                return Found(value: .null, path: path)
            }
            value = field
            if case .lazy = value { (value, path) = force(value, at: path, &state) }
            next += 1
        }
        if let path { state.log?.read(path, kind, value) }
        return Found(value: value, path: path)
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
    var templateName: MustacheNode.Name
    /// The literal text of the template the nodes come from (an override's: the template it was written in).
    var text: TemplateText
}

/// An override together with the overrides in force where it was written,
/// which its own nested blocks use.
private struct BoundBlock {
    let definition: MustacheNode.Block
    let overrides: [String: BoundBlock]
    /// The literal text of the template the override was written in.
    let text: TemplateText
}
