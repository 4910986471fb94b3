/// Turns field changes into byte patches on the front matter, touching only
/// the bytes of the value (or the lines of the field) named: comments, key
/// order, blank lines, quoting and line breaks elsewhere stay as they were.
struct FrontMatterPatcher {
    private let document: ContentDocument
    private let layout: FrontMatterLayout

    /// A patcher for a document whose front matter is absent, empty, or fields written one per line.
    init(_ document: ContentDocument) throws(EditFailure) {
        if case .mapping(_, flow: true)? = document.fields?.content {
            throw .refused(
                at: document.location(of: document.fields!.start),
                "front matter written as one { … } mapping cannot be edited field by field; write one \"key: value\" per line"
            )
        }
        self.document = document
        layout = FrontMatterLayout(document: document)
    }

    /// Every top-level field named `key`, in file order.
    func pairs(_ key: String) -> [YAMLPair] {
        document.fields?.pairs?.filter { $0.key.scalarText == key } ?? []
    }

    /// The field named `key` that readers use (the first one).
    func firstPair(_ key: String) -> YAMLPair? { pairs(key).first }

    /// Replaces a field's value with `yaml`, keeping the key, the spacing after
    /// the colon, and any comment after the value.
    func replaceValue(of pair: YAMLPair, with yaml: String) throws(EditFailure) -> BytePatch {
        guard let colonEnd = layout.colonEnd(after: pair.key) else { throw cannotEdit(pair) }
        let value = pair.value
        if value.start.offset == value.end.offset {
            // Nothing was written after the colon.
            return BytePatch(colonEnd..<colonEnd, " " + yaml)
        }
        if layout.isBlockCollection(value) {
            // The list or mapping starts on the next line; the scalar goes after the colon.
            return BytePatch(colonEnd..<layout.valueEnd(value), " " + yaml)
        }
        return BytePatch(layout.offset(value.start)..<layout.valueEnd(value), yaml)
    }

    /// Removes a field's whole lines: its key line through the last line of its value.
    func removeField(_ pair: YAMLPair) throws(EditFailure) -> BytePatch {
        guard layout.indentation(of: pair.key) != nil, layout.colonEnd(after: pair.key) != nil else {
            throw cannotEdit(pair)
        }
        let start = layout.lineStart(at: layout.offset(pair.key.start))
        let end = min(
            layout.nextLineStart(from: layout.valueEnd(pair.value)), document.frontMatter.yamlRange.upperBound)
        return BytePatch(start..<end, [])
    }

    /// Adds fields after the last line of the front matter, indented like the
    /// first field and ended with the file's line break; creates the front
    /// matter when the file has none.
    func addFields(_ fields: [(key: String, yaml: String)]) -> BytePatch {
        let lineEnding = layout.lineEnding
        let indentation = document.fields?.pairs?.first.flatMap { layout.indentation(of: $0.key) } ?? ""
        var text = fields.map { "\(indentation)\(YAMLScalarWriter.text($0.key)): \($0.yaml)\(lineEnding)" }.joined()
        let range = document.frontMatter.yamlRange
        guard document.frontMatter.isPresent else {
            text = "---\(lineEnding)\(text)---\(lineEnding)"
            return BytePatch(range.lowerBound..<range.lowerBound, text)
        }
        return BytePatch(range.upperBound..<range.upperBound, text)
    }

    /// Replaces the body's bytes. When the closing `---` ends the file without
    /// a line break, one is added first so the body starts on its own line.
    static func replaceBody(of document: ContentDocument, with body: [UInt8]) -> BytePatch {
        let range = document.frontMatter.bodyRange
        let bytes = document.bytes
        let fenceEndsFile =
            document.frontMatter.isPresent && range.isEmpty && range.lowerBound == bytes.count
            && bytes.last != UInt8(ascii: "\n")
        if fenceEndsFile && !body.isEmpty {
            return BytePatch(range, Array(FrontMatterLayout(document: document).lineEnding.utf8) + body)
        }
        return BytePatch(range, body)
    }

    private func cannotEdit(_ pair: YAMLPair) -> EditFailure {
        .refused(
            at: document.location(of: pair.key.start),
            "\(pair.key.scalarText ?? "this field") is not written as \"key: value\" at the start of a line; change it in an editor (sitegen edit FILE)"
        )
    }
}
