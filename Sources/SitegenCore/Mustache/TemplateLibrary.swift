import Foundation

/// A set of named, parsed templates that can include each other. Built from
/// layers (a folder of `*.mustache` files, or sources in memory) where a later
/// layer replaces an earlier one's template of the same name. Immutable once
/// loaded, so one library can render pages on many threads at once.
public struct TemplateLibrary: Sendable {
    /// One source of templates.
    public enum Layer: Sendable {
        /// Every `*.mustache` file under the folder (hidden files skipped), named by
        /// its path relative to the folder without the extension (`partials/avatar`).
        /// A folder that does not exist adds nothing.
        case folder(URL, displayPrefix: String)
        /// Template sources by name.
        case sources([String: String], displayPrefix: String)
    }

    /// Every template, by name.
    package let templates: [String: MustacheTemplate]
    /// The path each template is reported at, e.g. `templates/post.mustache`.
    private let paths: [String: String]
    /// The prefix of the last layer, for templates that are not in the library.
    private let fallbackPrefix: String

    /// An empty library.
    package init() {
        templates = [:]
        paths = [:]
        fallbackPrefix = ""
    }

    /// Loads the layers in order; throws every read and syntax error of every file.
    public init(layers: [Layer]) throws(DiagnosticList) {
        var templates: [String: MustacheTemplate] = [:]
        var paths: [String: String] = [:]
        var problems: [Diagnostic] = []
        for layer in layers {
            let (sources, prefix) = Self.sources(of: layer, problems: &problems)
            for (name, source) in sources {
                let path = Self.displayPath(prefix: prefix, name: name)
                do {
                    templates[name] = try MustacheTemplate(parsing: source, name: name)
                    paths[name] = path
                } catch {
                    problems.append(error.diagnostic(in: path))
                }
            }
        }
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        self.templates = templates
        self.paths = paths
        self.fallbackPrefix = layers.last.map(Self.prefix(of:)) ?? ""
    }

    /// Loads templates from sources by name, reported at `displayPrefix/name.mustache`.
    package init(sources: [String: String], displayPrefix: String) throws(DiagnosticList) {
        try self.init(layers: [.sources(sources, displayPrefix: displayPrefix)])
    }

    /// The template names, sorted.
    package var names: [String] { templates.keys.sorted() }

    /// Whether there is a template with this name.
    package func contains(_ name: String) -> Bool { templates[name] != nil }

    /// The template with this name, if any.
    package subscript(name: String) -> MustacheTemplate? { templates[name] }

    /// Where a template is reported, e.g. `templates/post.mustache`.
    package func displayPath(of name: String) -> String {
        paths[name] ?? Self.displayPath(prefix: fallbackPrefix, name: name)
    }

    /// Every partial and parent tag naming a template that is not in the
    /// library, e.g. `partial "footer" not found`, at the tag; sorted.
    package func missingReferences() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for (name, template) in templates {
            for reference in template.references where templates[reference.name] == nil {
                let location = SourceLocation(
                    path: displayPath(of: name), line: reference.line, column: reference.column)
                problems.append(Diagnostic(at: location, "\(reference.kind.rawValue) \"\(reference.name)\" not found"))
            }
        }
        return problems.sorted()
    }

    /// Renders the named template with `context` as its context stack; a missing
    /// partial renders as nothing (check `missingReferences()` first).
    public func render(name: String, context: TemplateValue) throws(Diagnostic) -> String {
        try render(name: name, context: [context])
    }

    /// Renders the named template with a context stack (the last value is looked up first).
    public func render(name: String, context: [TemplateValue]) throws(Diagnostic) -> String {
        var log: ReadLog? = nil
        return try render(name: name, context: context, log: &log)
    }

    /// Renders the named template with a context stack, recording what it read into `log` when given one.
    package func render(name: String, context: [TemplateValue], log: inout ReadLog?) throws(Diagnostic) -> String {
        String(decoding: try renderUTF8(name: name, context: context, log: &log), as: UTF8.self)
    }

    /// `render(name:context:log:)` as UTF-8 bytes, for a page written to a file.
    /// `capacity`: how many bytes the output is likely to take (a page's last size), to make room for at once.
    func renderUTF8(name: String, context: [TemplateValue], log: inout ReadLog?, capacity: Int = 0) throws(Diagnostic)
        -> [UInt8]
    {
        guard let template = templates[name] else {
            throw Diagnostic(at: SourceLocation(path: displayPath(of: name)), "template \"\(name)\" not found")
        }
        do {
            return try template.renderUTF8(contextStack: context, partials: templates, log: &log, capacity: capacity)
        } catch {
            throw Diagnostic(at: SourceLocation(path: displayPath(of: error.templateName)), error.message)
        }
    }

    // MARK: - Loading

    private static func prefix(of layer: Layer) -> String {
        switch layer {
        case .folder(_, let prefix), .sources(_, let prefix): return prefix
        }
    }

    private static func displayPath(prefix: String, name: String) -> String {
        prefix.isEmpty ? "\(name).mustache" : "\(prefix)/\(name).mustache"
    }

    /// The sources of a layer, sorted by name, and its display prefix.
    private static func sources(of layer: Layer, problems: inout [Diagnostic]) -> ([(String, String)], String) {
        switch layer {
        case .sources(let sources, let prefix):
            return (sources.sorted { $0.key < $1.key }, prefix)
        case .folder(let folder, let prefix):
            return (read(folder, prefix: prefix, problems: &problems), prefix)
        }
    }

    /// Reads every `*.mustache` file under `folder`.
    private static func read(_ folder: URL, prefix: String, problems: inout [Diagnostic]) -> [(String, String)] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let isHidden = relative.split(separator: "/").contains { $0.hasPrefix(".") }
            if !isHidden, relative.hasSuffix(".mustache") { files.append(relative) }
        }
        var sources: [(String, String)] = []
        for relative in files.sorted() {
            let name = String(relative.dropLast(".mustache".count))
            let path = displayPath(prefix: prefix, name: name)
            let file = folder.appendingPathComponent(relative).path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                problems.append(Diagnostic(at: SourceLocation(path: path), "cannot read template"))
                continue
            }
            guard let source = String(data: data, encoding: .utf8) else {
                problems.append(Diagnostic(at: SourceLocation(path: path), "template is not valid UTF-8"))
                continue
            }
            sources.append((name, source))
        }
        return sources
    }
}
