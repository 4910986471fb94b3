/// A content file split into its front-matter fields and Markdown body, with
/// everything needed to point at a line of the original file.
public struct ContentDocument: Sendable {
    /// Path relative to the site folder, e.g. `content/posts/hello.md`.
    public let path: String
    /// The file's bytes as read.
    public let bytes: [UInt8]
    /// Where the front matter and body are.
    public let frontMatter: FrontMatter
    /// The front matter's top-level mapping, or `nil` when the file has none or it is empty.
    public let fields: YAMLNode?
    /// The Markdown body.
    public let body: String

    /// How a file is laid out.
    public enum Layout: Sendable {
        /// Markdown with optional front matter between `---` lines.
        case markdown
        /// A YAML file such as `site.yml`: all fields, no body.
        case yaml
    }

    /// Parses a file's bytes: checks the text, finds the front matter, parses
    /// its YAML. Does no I/O.
    public init(
        path: String, bytes: [UInt8], layout: Layout = .markdown, yaml: YAMLParser = YAMLParser()
    ) throws(Diagnostic) {
        self.path = path
        self.bytes = bytes
        let text: String
        do {
            text = try TextValidation.text(of: bytes)
            switch layout {
            case .markdown: frontMatter = try FrontMatter.locate(in: bytes)
            case .yaml: frontMatter = FrontMatter(wholeYAMLFile: bytes)
            }
        } catch {
            throw error.diagnostic(in: path)
        }
        let firstLine = frontMatter.yamlFirstLine
        let yamlBytes = bytes[frontMatter.yamlRange]
        let root: YAMLNode?
        do {
            root = try yamlBytes.withUnsafeBufferPointer { buffer throws(YAMLError) in
                try yaml.parse(utf8: buffer)
            }
        } catch {
            throw Diagnostic(
                at: SourceLocation(path: path, line: firstLine + error.line - 1, column: error.column),
                "invalid YAML\(layout == .yaml ? "" : " in front matter"): \(error.message)")
        }
        if let root, root.pairs == nil {
            if case .scalar(let text, _) = root.content, text.isEmpty {
                fields = nil
            } else {
                let what = layout == .yaml ? "this file" : "front matter"
                throw Diagnostic(
                    at: SourceLocation(path: path, line: firstLine + root.start.line - 1, column: root.start.column),
                    "\(what) must be fields written as \"key: value\" lines, found \(root.kindName)")
            }
        } else {
            fields = root
        }
        // The body starts after a line break, so the byte range falls on character boundaries.
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: frontMatter.bodyRange.lowerBound)
        body = String(Substring(utf8[start...]))
    }

    /// The file location of a mark in the front matter's YAML.
    public func location(of mark: YAMLMark) -> SourceLocation {
        SourceLocation(path: path, line: frontMatter.yamlFirstLine + mark.line - 1, column: mark.column)
    }

    /// The location of the file's first line, where whole-document problems are reported.
    public var startLocation: SourceLocation { SourceLocation(path: path, line: 1, column: 1) }
}
