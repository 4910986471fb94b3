/// A content file split into its front-matter fields and Markdown body, with
/// everything needed to point at a line of the original file.
package struct ContentDocument: Sendable {
    /// Path relative to the site folder, e.g. `content/posts/hello.md`.
    package let path: String
    /// The file's bytes as read.
    package let bytes: [UInt8]
    /// Where the front matter and body are.
    package let frontMatter: FrontMatter
    /// The front matter's top-level mapping, or `nil` when the file has none or it is empty.
    package let fields: YAMLNode?
    /// The Markdown body.
    package let body: String

    /// How a file is laid out.
    package enum Layout: Sendable {
        /// Markdown with optional front matter between `---` lines.
        case markdown
        /// A YAML file such as `site.yml`: all fields, no body.
        case yaml
    }

    /// Parses a file's bytes: checks the text, finds the front matter, parses
    /// its YAML. Does no I/O.
    package init(
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
            throw Self.explained(error, bytes: bytes, layout: layout).diagnostic(in: path)
        }
        if layout == .markdown, !frontMatter.isPresent, let problem = Self.misplacedFrontMatter(in: bytes, yaml: yaml) {
            throw problem.diagnostic(in: path)
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
                "invalid YAML\(layout == .yaml ? "" : " in front matter"): \(error.message(linesFrom: firstLine))"
                    + YAMLErrorHint.hint(for: error, in: yamlBytes))
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

    /// A problem with the text, said in terms of the front matter when the file
    /// was meant to have some: a UTF-16 file starting with `---`.
    private static func explained(_ problem: TextProblem, bytes: [UInt8], layout: Layout) -> TextProblem {
        guard layout == .markdown, let text = TextValidation.utf16Text(of: bytes), text.hasPrefix("---") else {
            return problem
        }
        var explained = problem
        explained.message = "front matter not recognised: " + problem.message
        return explained
    }

    /// Front matter that sitegen would read as body because blank lines come
    /// before its `---`, at that `---` line. Only fields count, so a page that
    /// opens with a blank line and a `---` rule around a paragraph is left alone.
    private static func misplacedFrontMatter(in bytes: [UInt8], yaml: YAMLParser) -> TextProblem? {
        guard let (blankLines, frontMatter) = FrontMatter.afterBlankLines(in: bytes) else { return nil }
        let root = try? bytes[frontMatter.yamlRange].withUnsafeBufferPointer { buffer throws(YAMLError) in
            try yaml.parse(utf8: buffer)
        }
        // YAML that does not parse, or is not fields, is read as the body it was taken for, as before.
        guard let pairs = root?.pairs, !pairs.isEmpty else { return nil }
        let blank = blankLines == 1 ? "a blank line" : Plural.count(blankLines, "blank line")
        return TextProblem(
            line: frontMatter.yamlFirstLine - 1, column: 1,
            "front matter not recognised: front matter must start on the first line; this file has \(blank) before `---`"
        )
    }

    /// The file location of a mark in the front matter's YAML.
    package func location(of mark: YAMLMark) -> SourceLocation {
        SourceLocation(path: path, line: frontMatter.yamlFirstLine + mark.line - 1, column: mark.column)
    }

    /// The line of the file the body starts on (1 without front matter).
    package var bodyFirstLine: Int { Self.bodyFirstLine(bytes, frontMatter) }

    /// The line a body starts on, from the file's bytes (1 when they hold no front matter).
    static func bodyFirstLine(of bytes: [UInt8]) -> Int {
        guard let frontMatter = try? FrontMatter.locate(in: bytes) else { return 1 }
        return bodyFirstLine(bytes, frontMatter)
    }

    private static func bodyFirstLine(_ bytes: [UInt8], _ frontMatter: FrontMatter) -> Int {
        1 + bytes[..<frontMatter.bodyRange.lowerBound].count { $0 == 0x0A }
    }

    /// The location of the file's first line, where whole-document problems are reported.
    package var startLocation: SourceLocation { SourceLocation(path: path, line: 1, column: 1) }
}
