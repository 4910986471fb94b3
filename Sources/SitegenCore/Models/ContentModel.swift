/// What a field holds, which decides how `sitegen edit --set` writes a new value.
package enum FieldValueKind: Sendable, Hashable {
    /// Text: quoted whenever YAML would otherwise read something else.
    case text
    /// A whole number: written plain (`33000`).
    case wholeNumber
    /// `true` or `false`: written plain.
    case flag
    /// A list of texts (`[a, b]`): set whole with `--set KEY=[…]`, or one item at a time with `--add` and `--remove`.
    case textList
    /// A list of whole numbers (`[2, 3]`), changed like a list of texts and written plain.
    case wholeNumberList

    /// Whether the field holds a list, changed with `--add` and `--remove`.
    package var isList: Bool { self == .textList || self == .wholeNumberList }
}

/// A kind of content read from a document's fields with its rules.
package protocol ContentModel: Sendable {
    /// The kind's name in messages: "a post", "a menu item".
    static var kindName: String { get }
    /// Fields that are set when the item is created and never change.
    static var immutableFields: Set<String> { get }
    /// Fields that must be present.
    static var requiredFields: Set<String> { get }
    /// How fields that are not text are written when set from the command line.
    static var valueKinds: [String: FieldValueKind] { get }
    /// Reads the model, reporting problems to `fields`; `nil` when it cannot be built.
    static func read(_ fields: inout FieldReader, slug: String) -> Self?
}

extension ContentModel {
    /// Every field this kind reads (and so declares): those its `read` asks for.
    package static var fieldNames: Set<String> {
        guard let empty = try? ContentDocument(path: "", bytes: []) else { return [] }
        var reader = FieldReader(empty)
        _ = read(&reader, slug: "")
        return reader.knownKeys
    }

    /// Parses and checks a document as this kind: the model or every problem found.
    /// Warnings (unknown fields) come back beside the model.
    package static func load(_ document: ContentDocument, slug: String) -> (model: Self?, diagnostics: [Diagnostic]) {
        var reader = FieldReader(document)
        let model = read(&reader, slug: slug)
        reader.warnAboutUnknownFields(kind: kindName)
        let failed = reader.diagnostics.contains { $0.severity == .error }
        return (failed ? nil : model, reader.diagnostics)
    }
}
