/// What rendering a template may read, found from its nodes without rendering it: for
/// decisions made before any page is rendered (whether a list is cut into pages), which the
/// `ReadLog` of a render comes too late for.
///
/// The answer errs towards "it may": a name is taken to resolve in every frame of the stack
/// (a renderer stops at the first that has its first key), both the body of a section and of
/// an inverted section are followed whatever the values, and a partial or parent whose name is
/// a value (`{{>*name}}`), or includes nested deeper than `maxDepth`, may read anything.
extension TemplateLibrary {
    /// Whether rendering the template `name` may read the value at `path` (keys from the root
    /// value) or a value inside it, when the context stack holds the values at the paths
    /// `stack` (bottom first; `[]` is the root value itself). A template not in the library reads nothing.
    func mayRead(_ path: [String], rendering name: String, stack: [[String]]) -> Bool {
        guard let template = templates[name] else { return false }
        let walk = ReadWalk(target: path.map { TemplateKey($0) }, library: self)
        let frames = stack.map { [$0.map { TemplateKey($0) }] }
        return template.body.nodes.withNodes { walk.mayRead($0, frames: frames, overrides: [:], depth: 0) }
    }
}

/// One walk of `TemplateLibrary.mayRead`: the nodes it reaches, through partials, parents and blocks
/// as the renderer reaches them.
private struct ReadWalk {
    /// The path of the value asked about.
    let target: [TemplateKey]
    let library: TemplateLibrary

    /// Deeper includes than the renderer allows are taken to read anything.
    static let maxDepth = 64

    /// Each frame of the stack, as the paths its value may be at; only paths the target starts
    /// with are kept, since names looked up in any other value cannot reach the target.
    typealias Frames = [[[TemplateKey]]]

    /// A block override with the overrides in force where it was written (as the renderer binds them).
    final class Override {
        let block: MustacheNode.Block
        let overrides: [String: Override]

        init(_ block: MustacheNode.Block, overrides: [String: Override]) {
            self.block = block
            self.overrides = overrides
        }
    }

    func mayRead(
        _ nodes: UnsafeBufferPointer<MustacheNode>, frames: Frames, overrides: [String: Override], depth: Int
    ) -> Bool {
        for node in nodes {
            switch node {
            case .text, .lineStart:
                continue
            case .variable(let path, _):
                if resolve(path, in: frames).reaches { return true }
            case .section(let path, let body):
                let found = resolve(path, in: frames)
                if found.reaches { return true }
                let reads = body.withNodes {
                    mayRead($0, frames: frames + [found.prefixes], overrides: overrides, depth: depth)
                }
                if reads { return true }
            case .inverted(let path, let body):
                if resolve(path, in: frames).reaches { return true }
                if body.withNodes({ mayRead($0, frames: frames, overrides: overrides, depth: depth) }) { return true }
            case .partial(let call):
                guard let included = included(call.target, depth: depth) else { return true }
                guard let included else { continue }
                if included.withNodes({ mayRead($0, frames: frames, overrides: overrides, depth: depth + 1) }) {
                    return true
                }
            case .parent(let call):
                guard let included = included(call.target, depth: depth) else { return true }
                guard let included else { continue }
                var inner = call.overrides.mapValues { Override($0, overrides: overrides) }
                inner.merge(overrides) { _, outer in outer }
                if included.withNodes({ mayRead($0, frames: frames, overrides: inner, depth: depth + 1) }) {
                    return true
                }
            case .block(let block):
                let (content, inner) =
                    overrides[block.name].map { ($0.block.content, $0.overrides) } ?? (block.content, overrides)
                let reads = content.withUnsafeBufferPointer { content in
                    mayRead(content, frames: frames, overrides: inner, depth: depth)
                }
                if reads { return true }
            }
        }
        return false
    }

    /// The nodes a partial or parent tag includes: `nil` when they cannot be known (a name that is a
    /// value, or too deep), `.some(nil)` for a template not in the library (it renders as nothing).
    private func included(_ target: MustacheNode.Target, depth: Int) -> MustacheNode.Nodes?? {
        guard depth < Self.maxDepth, case .named(let name) = target else { return nil }
        return .some(library[name.text]?.body.nodes)
    }

    /// Whether looking `path` up may reach the target (or a value inside it), and the paths it may
    /// find that lead towards the target (a section pushes them).
    private func resolve(_ path: MustacheNode.Path, in frames: Frames) -> (reaches: Bool, prefixes: [[TemplateKey]]) {
        var prefixes: [[TemplateKey]] = []
        for frame in frames {
            for start in frame {
                let full = start + path.withKeys { Array($0) }
                if full.starts(with: target) { return (true, []) }
                if target.starts(with: full) { prefixes.append(full) }
            }
        }
        return (false, prefixes)
    }
}
