/// What a template may read from its context stack, found without rendering:
/// a conservative superset, used to decide which pages a change can affect.
///
/// A path is a list of keys from the bottom value of the stack; `*` stands for
/// "each element, if this is a list, else the value itself" (what a section pushes).
public struct TemplateReads: Sendable, Equatable {
    /// Every path the template may look up.
    public var paths: Set<[String]> = []
    /// The template may read anything (a dynamic partial name, or too many paths to track).
    public var readsEverything = false

    /// The key a path wildcard stands for.
    public static let each = "*"
}

extension TemplateLibrary {
    /// The reads of template `name` rendered on a stack whose entries are the
    /// given paths from the bottom value (e.g. `[[], ["page"]]` for a root
    /// object with the page pushed on top of it).
    public func reads(of name: String, stack: [[String]]) -> TemplateReads {
        var analyzer = ReadAnalyzer(library: self)
        if let template = self[name] {
            analyzer.visit(template.nodes, stack: stack.map { [$0] }, overrides: [:], depth: 0)
        }
        return analyzer.reads
    }
}

private struct ReadAnalyzer {
    typealias Stack = [Set<[String]>]
    let library: TemplateLibrary
    var reads = TemplateReads()
    private var visited: Set<Visit> = []
    private static let maxPaths = 20_000

    private struct Visit: Hashable {
        var template: String
        var stack: Stack
        var overrides: [String]
    }

    init(library: TemplateLibrary) { self.library = library }

    mutating func visit(_ nodes: [MustacheNode], stack: Stack, overrides: [String: MustacheNode.Block], depth: Int) {
        guard !reads.readsEverything else { return }
        guard depth < 64, reads.paths.count < Self.maxPaths else {
            reads.readsEverything = true
            return
        }
        for node in nodes {
            switch node {
            case .text, .lineStart: continue
            case .variable(let path, _):
                _ = resolve(path, in: stack)
            case .section(let path, let body):
                let found = resolve(path, in: stack)
                visit(body, stack: stack + [Set(found.map { $0 + [TemplateReads.each] })], overrides: overrides, depth: depth + 1)
            case .inverted(let path, let body):
                _ = resolve(path, in: stack)
                visit(body, stack: stack, overrides: overrides, depth: depth + 1)
            case .partial(let call):
                include(call.target, stack: stack, overrides: overrides, depth: depth)
            case .parent(let call):
                // Overrides given further out win over the ones given here.
                include(call.target, stack: stack, overrides: call.overrides.merging(overrides) { _, outer in outer }, depth: depth)
            case .block(let block):
                if let override = overrides[block.name] {
                    visit(override.content, stack: stack, overrides: overrides, depth: depth + 1)
                }
                visit(block.content, stack: stack, overrides: overrides, depth: depth + 1)
            }
        }
    }

    private mutating func include(
        _ target: MustacheNode.Target, stack: Stack, overrides: [String: MustacheNode.Block], depth: Int
    ) {
        guard case .named(let name) = target else {
            reads.readsEverything = true
            return
        }
        guard let template = library[name] else { return }
        let visit = Visit(template: name, stack: stack, overrides: overrides.keys.sorted())
        guard !visited.contains(visit) else { return }
        visited.insert(visit)
        self.visit(template.nodes, stack: stack, overrides: overrides, depth: depth + 1)
    }

    /// Records every path a name may resolve to and returns them.
    private mutating func resolve(_ path: MustacheNode.Path, in stack: Stack) -> [[String]] {
        var found: [[String]] = []
        if path.keys.isEmpty {
            found = Array(stack.last ?? [])
        } else {
            for entry in stack {
                for base in entry { found.append(base + path.keys) }
            }
        }
        reads.paths.formUnion(found)
        return found
    }
}
