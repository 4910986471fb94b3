/// A parsed Mustache template: parse once, then render any number of times,
/// from any number of threads at once.
package struct MustacheTemplate: Sendable {
    /// The template's name, as partial and parent tags refer to it.
    package let name: String
    /// The partials and parents this template names in its tags, in source order
    /// (dynamic `{{>*name}}` tags are not known before rendering and are left out).
    package let references: [TemplateReference]
    /// What rendering reads of it, pointing into `storage`.
    let body: Body
    /// Where its nodes and its literal text are kept, for as long as the template (any copy of it) lives.
    private let storage: NodeStorage
    /// A guess at the output size, to reserve the output buffer once.
    let sizeHint: Int

    /// Parses `source`; `name` is how other templates refer to this one.
    package init(parsing source: String, name: String) throws(TemplateSyntaxError) {
        let parsed = try TemplateParser.parse(source)
        self.name = name
        self.storage = parsed.storage
        self.body = Body(
            name: MustacheNode.Name(name), nodes: parsed.nodes, text: parsed.storage.keep(text: parsed.text))
        self.references = parsed.references
        self.sizeHint = source.utf8.count + 256
    }

    /// Renders with `context` as the only value on the context stack; partials
    /// and parents are looked up in `partials`, a missing one renders as nothing.
    package func render(
        _ context: TemplateValue, partials: [String: MustacheTemplate] = [:]
    ) throws(TemplateRenderError) -> String {
        try render(contextStack: [context], partials: partials)
    }

    /// Renders with a context stack (the last value is the top, looked up first).
    package func render(
        contextStack: [TemplateValue], partials: [String: MustacheTemplate] = [:]
    ) throws(TemplateRenderError) -> String {
        var output = ""
        try render(contextStack: contextStack, partials: partials, into: &output)
        return output
    }

    /// Renders with a context stack, appending to `output`.
    package func render(
        contextStack: [TemplateValue], partials: [String: MustacheTemplate], into output: inout String
    ) throws(TemplateRenderError) {
        var log: ReadLog? = nil
        try render(contextStack: contextStack, partials: partials, into: &output, log: &log)
    }

    /// Renders with a context stack, appending to `output`; with a log, records
    /// into it everything the render read (see `ReadLog`).
    package func render(
        contextStack: [TemplateValue], partials: [String: MustacheTemplate], into output: inout String,
        log: inout ReadLog?
    ) throws(TemplateRenderError) {
        var rendered = MustacheOutput(output, capacity: output.utf8.count + sizeHint)
        defer { output = rendered.text }
        try render(contextStack: contextStack, partials: partials, into: &rendered, log: &log)
    }

    /// Renders with a context stack into UTF-8 bytes, recording what it read into `log` when given one:
    /// for output written to a file, which needs no string.
    func renderUTF8(
        contextStack: [TemplateValue], partials: [String: MustacheTemplate], log: inout ReadLog?, capacity: Int = 0
    ) throws(TemplateRenderError) -> [UInt8] {
        var rendered = MustacheOutput("", capacity: max(sizeHint, capacity))
        try render(contextStack: contextStack, partials: partials, into: &rendered, log: &log)
        return rendered.takeUTF8()
    }

    private func render(
        contextStack: [TemplateValue], partials: [String: MustacheTemplate], into output: inout MustacheOutput,
        log: inout ReadLog?
    ) throws(TemplateRenderError) {
        let renderer = TemplateRenderer(partials: partials)
        var state = TemplateRenderer.state(stack: contextStack, output: output, log: log)
        output = MustacheOutput("")  // The state holds the only copy of the bytes while it renders.
        defer {
            output = state.output
            log = state.log
        }
        try renderer.render(self, &state)
    }
}

extension MustacheTemplate {
    /// A template as the renderer reads it: its interned name, its nodes and its literal text,
    /// none of them owned (the template keeps them), so including a partial counts no reference.
    struct Body: Sendable {
        let name: MustacheNode.Name
        let nodes: MustacheNode.Nodes
        let text: TemplateText
    }
}

/// A partial or parent tag that names another template.
package struct TemplateReference: Sendable, Hashable {
    /// Whether a tag includes a partial or extends a parent.
    package enum Kind: String, Sendable, Hashable {
        /// `{{>name}}`.
        case partial
        /// `{{<name}}…{{/name}}`.
        case parent
    }

    /// The kind of tag.
    package let kind: Kind
    /// The template it names.
    package let name: String
    /// The 1-based line of the tag.
    package let line: Int
    /// The 1-based column of the tag, in characters.
    package let column: Int

    /// Creates a reference found at a 1-based line and column.
    package init(kind: Kind, name: String, line: Int, column: Int) {
        self.kind = kind
        self.name = name
        self.line = line
        self.column = column
    }
}
