/// Reads typed fields from a document's front matter, collecting every problem
/// (with its file location) instead of stopping at the first.
package struct FieldReader {
    /// The document being read.
    package let document: ContentDocument
    /// Problems found so far.
    package private(set) var diagnostics: [Diagnostic] = []
    private var readKeys: Set<String> = []

    /// A reader over a document's fields.
    package init(_ document: ContentDocument) { self.document = document }

    /// The node for a key, remembering that the key is known; `nil` when absent or null.
    package mutating func node(_ key: String) -> YAMLNode? {
        readKeys.insert(key)
        guard let node = document.fields?[key] else { return nil }
        if node.scalarValue == .null { return nil }
        return node
    }

    /// Adds an error at a node.
    package mutating func report(_ message: String, at node: YAMLNode) {
        diagnostics.append(Diagnostic(at: document.location(of: node.start), message))
    }

    /// Adds an error at a mark of the front matter's YAML.
    package mutating func report(_ message: String, at mark: YAMLMark) {
        diagnostics.append(Diagnostic(at: document.location(of: mark), message))
    }

    /// Adds an error at the top of the file.
    package mutating func reportAtStart(_ message: String) {
        diagnostics.append(Diagnostic(at: document.startLocation, message))
    }

    /// Reports a required field that is absent (at the file's start) or empty (at the key).
    private mutating func reportMissing(_ key: String) {
        if let empty = document.fields?[key] {
            report("\(key) must not be empty", at: empty)
        } else {
            reportAtStart("missing required field \"\(key)\"")
        }
    }

    /// A text field that must be present and not empty.
    package mutating func requiredText(_ key: String) -> String? {
        guard let node = node(key) else {
            reportMissing(key)
            return nil
        }
        guard let text = node.scalarText else {
            report("\(key) must be text, found \(node.kindName)", at: node)
            return nil
        }
        if text.allSatisfy(\.isWhitespace) {
            report("\(key) must not be empty", at: node)
            return nil
        }
        return text
    }

    /// A text field; numbers and booleans are taken as written.
    package mutating func optionalText(_ key: String) -> String? {
        guard let node = node(key) else { return nil }
        guard let text = node.scalarText else {
            report("\(key) must be text, found \(node.kindName)", at: node)
            return nil
        }
        return text
    }

    /// A true/false field.
    package mutating func flag(_ key: String, default defaultValue: Bool) -> Bool {
        guard let node = node(key) else { return defaultValue }
        guard case .bool(let value) = node.scalarValue else {
            report("\(key) must be true or false, got \(Self.quoted(node))", at: node)
            return defaultValue
        }
        return value
    }

    /// A whole number, written plain (`33000`) or quoted (`"33000"`).
    /// `meaning` completes "must be ...", e.g. "a whole number of won".
    package mutating func wholeNumber(_ key: String, meaning: String, minimum: Int? = nil, required: Bool = false)
        -> Int?
    {
        guard let node = node(key) else {
            if required { reportMissing(key) }
            return nil
        }
        guard let value = Self.wholeNumber(in: node) else {
            report("\(key) must be \(meaning), got \(Self.quoted(node))", at: node)
            return nil
        }
        if let minimum, value < minimum {
            report("\(key) must be \(minimum) or more, got \(value)", at: node)
            return nil
        }
        return value
    }

    /// A date such as `2024-05-01` or `2024-05-01T09:30:00Z`.
    package mutating func date(_ key: String) -> ContentDate? {
        guard let node = node(key) else { return nil }
        guard let text = node.scalarText, let date = ContentDate(parsing: text) else {
            report(
                "\(key) must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \(Self.quoted(node))", at: node)
            return nil
        }
        return date
    }

    /// A list of texts; a single text is taken as a list of one.
    package mutating func textList(_ key: String) -> [String] {
        guard let node = node(key) else { return [] }
        switch node.content {
        case .scalar(let text, _): return [text]
        case .sequence(let items, _):
            var texts: [String] = []
            for item in items {
                if let text = item.scalarText {
                    texts.append(text)
                } else {
                    report("each of \(key) must be text, found \(item.kindName)", at: item)
                }
            }
            return texts
        case .mapping:
            report("\(key) must be a list, found a mapping", at: node)
            return []
        }
    }

    /// A text that names a page's folder (a username, `/users/<username>/`), checked by
    /// `GroupName.segmentProblem`; `nil` (with an error at the field) when it cannot.
    mutating func pageName(_ key: String, _ text: String?) -> String? {
        guard let text, let node = document.fields?[key] else { return text }
        guard let problem = GroupName.segmentProblem(text) else { return text }
        report("\(key) \(FieldReader.quoted(node)) cannot name a page: it \(problem)", at: node)
        return nil
    }

    /// Texts of a list that each name a page's folder (tags, `/tags/<tag>/`); each one
    /// that cannot is an error at its item and left out.
    mutating func pageNames(_ key: String, _ texts: [String]) -> [String] {
        guard texts.contains(where: { GroupName.segmentProblem($0) != nil }), let node = document.fields?[key] else {
            return texts
        }
        let nodes: [YAMLNode]
        switch node.content {
        case .sequence(let items, _): nodes = items.filter { $0.scalarText != nil }
        default: nodes = [node]
        }
        var kept: [String] = []
        for (text, item) in zip(texts, nodes) {
            if let problem = GroupName.segmentProblem(text) {
                report("each of \(key) must name a page, but \(FieldReader.quoted(item)) \(problem)", at: item)
            } else {
                kept.append(text)
            }
        }
        return kept
    }

    /// Names of a list that each name a group (tags): two that are one name once folded
    /// (`GroupName.key`: case and Unicode normalization ignored) would be shown twice on the
    /// item's page but make one group, so the second is an error at its item and left out.
    mutating func distinctNames(_ key: String, _ texts: [String]) -> [String] {
        guard texts.count > 1, case .sequence(let items, _)? = document.fields?[key]?.content else { return texts }
        var first: [String: YAMLNode] = [:]
        var kept: [String] = []
        for item in items {
            guard let text = item.scalarText, texts.contains(text) else { continue }
            let folded = GroupName.key(text)
            guard let earlier = first[folded] else {
                first[folded] = item
                kept.append(text)
                continue
            }
            let line = document.location(of: earlier.start).line ?? 1
            let written = earlier.scalarText ?? ""
            if written.unicodeScalars.elementsEqual(text.unicodeScalars) {
                report("\(key) holds \(FieldReader.quoted(item)) twice (first on line \(line))", at: item)
            } else {
                report(
                    "\(key) holds \(FieldReader.quoted(item)) and \"\(written)\" (line \(line)), which are one: "
                        + "they differ only in case or Unicode normalization; keep one", at: item)
            }
        }
        return kept
    }

    /// The fields read so far: after a model's `read`, every field its kind declares.
    var knownKeys: Set<String> { readKeys }

    /// The known field `key` is most likely a misspelling of, if any.
    static func nearMiss(of key: String, among known: Set<String>) -> String? {
        known.sorted().first { isNearMiss(key, $0) }
    }

    /// Warns about fields this kind of content does not use (often a typo).
    package mutating func warnAboutUnknownFields(kind: String) {
        for pair in document.fields?.pairs ?? [] {
            guard let key = pair.key.scalarText, !readKeys.contains(key) else { continue }
            let otherName = Self.otherNames[key.lowercased()].flatMap { readKeys.contains($0) ? $0 : nil }
            let hint = (otherName ?? Self.nearMiss(of: key, among: readKeys)).map { "; did you mean \"\($0)\"?" } ?? ""
            diagnostics.append(
                Diagnostic(
                    .warning, at: document.location(of: pair.key.start),
                    "\(kind) has no field \"\(key)\"; it is ignored\(hint)"))
        }
    }

    /// Fields other site generators name otherwise, by their name there: what a site moved to
    /// sitegen is likely to have.
    private static let otherNames = [
        "author": "username", "authors": "username", "categories": "tags", "category": "tags",
    ]

    /// The whole number a node holds, if any: an integer or a quoted string of digits.
    package static func wholeNumber(in node: YAMLNode) -> Int? {
        switch node.scalarValue {
        case .int(let value): return value
        case .string(let text):
            let trimmed = text.trimmingWhitespace
            guard case .int(let value) = YAMLScalarValue(plain: trimmed) else { return nil }
            return value
        default: return nil
        }
    }

    /// How a node's value is shown in a message: `"abc"` for a scalar, else its kind.
    package static func quoted(_ node: YAMLNode) -> String {
        if let text = node.scalarText { return "\"\(text)\"" }
        return node.kindName
    }

    private static func isNearMiss(_ a: String, _ b: String) -> Bool {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        guard abs(a.count - b.count) <= 2 else { return false }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count] <= 2
    }
}

extension String {
    /// The string without leading and trailing whitespace.
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else {
            return ""
        }
        return String(self[first...last])
    }
}
