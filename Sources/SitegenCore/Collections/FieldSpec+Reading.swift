/// The one way a field's value is read, wherever it comes from: front matter, `default:` in
/// `site.yml`, `sitegen new`/`edit --set`, or the preview's editing API.
extension FieldSpec {
    /// The typed value `node` holds, or why it does not fit this field, at the offending node.
    /// An absent or null value is the caller's to handle (it is missing, not wrong). `firstLine` is
    /// the file's line of the YAML's first, for messages that name another line of it.
    package func read(_ node: YAMLNode, firstLine: Int = 1) -> Result<FieldValue, FieldProblem> {
        let got = FieldReader.quoted(node)
        func problem(_ message: String, at mark: YAMLMark = node.start) -> Result<FieldValue, FieldProblem> {
            .failure(FieldProblem(message, at: mark))
        }
        if type == .list { return readList(node, firstLine: firstLine) }
        guard let text = node.scalarText else { return problem("\(name) must be \(expected), found \(node.kindName)") }
        if isRequired, text.allSatisfy(\.isWhitespace) { return problem("\(name) must not be empty") }
        switch type {
        case .text:
            if namesPage, let why = GroupName.segmentProblem(text) {
                return problem("\(name) \(got) cannot name a page: it \(why)")
            }
            return .success(.text(text))
        case .markdown: return .success(.markdown(text))
        case .integer:
            guard let value = FieldReader.wholeNumber(in: node) else {
                return problem("\(name) must be \(expected), got \(got)")
            }
            if let bound = boundProblem(Double(value), shown: String(value)) { return problem(bound) }
            return .success(.integer(value))
        case .number:
            guard let value = Self.number(in: node) else { return problem("\(name) must be \(expected), got \(got)") }
            if let bound = boundProblem(value, shown: FieldValue.numberText(value)) { return problem(bound) }
            return .success(.number(value))
        case .boolean:
            guard case .bool(let value) = node.scalarValue else {
                return problem("\(name) must be true or false, got \(got)")
            }
            return .success(.boolean(value))
        case .date:
            guard let date = ContentDate(parsing: text) else {
                return problem("\(name) must be \(expected), got \(got)")
            }
            return .success(.date(date))
        case .url:
            guard URLFieldRules.isURL(text) else { return problem("\(name) must be \(expected), got \(got)") }
            return .success(.url(text))
        case .image:
            guard URLFieldRules.isImage(text) else { return problem("\(name) must be \(expected), got \(got)") }
            return .success(.image(ImageReference(source: text)))
        case .choice:
            guard choices.contains(text) else {
                let hint = FieldReader.nearMiss(of: text, among: Set(choices)).map { "; did you mean \"\($0)\"?" } ?? ""
                return problem("\(name) must be \(expected), got \(got)\(hint)")
            }
            return .success(.choice(text))
        case .list: preconditionFailure("lists are read above")
        }
    }

    /// What a value of this field must be, completing "NAME must be …".
    package var expected: String {
        switch type {
        case .text: return "text"
        case .markdown: return "text (Markdown)"
        case .integer: return unit.map { "a whole number of \($0)" } ?? "a whole number"
        case .number: return "a number"
        case .boolean: return "true or false"
        case .date: return "a date like 2024-05-01 or 2024-05-01T09:30:00Z"
        case .list: return "a list of texts"
        case .url: return "a URL like https://example.org/ or a path of the site like /about/"
        case .image: return "an image file like cover.jpg or /images/cover.jpg, or an https:// URL"
        case .choice: return "one of " + choices.joined(separator: ", ")
        }
    }

    /// A list: a single text is a list of one; each item must be text, and for a taxonomy, name a
    /// page, once: two items that fold to one name (`GroupName.key`: case and Unicode normalization)
    /// would make one term page. Every wrong item is a problem of its own.
    private func readList(_ node: YAMLNode, firstLine: Int) -> Result<FieldValue, FieldProblem> {
        let items: [YAMLNode]
        switch node.content {
        case .scalar: items = [node]
        case .sequence(let list, _): items = list
        case .mapping: return .failure(FieldProblem("\(name) must be \(expected), found a mapping", at: node.start))
        }
        var texts: [String] = []
        var problems: [FieldProblem] = []
        var seen: [String: YAMLNode] = [:]
        for item in items {
            guard let text = item.scalarText else {
                problems.append(FieldProblem("each of \(name) must be text, found \(item.kindName)", at: item.start))
                continue
            }
            if isTaxonomy {
                if let problem = GroupName.segmentProblem(text) {
                    problems.append(
                        FieldProblem(
                            "each of \(name) must name a page, but \(FieldReader.quoted(item)) \(problem)",
                            at: item.start))
                    continue
                }
                let key = GroupName.key(text)
                if let earlier = seen[key] {
                    problems.append(FieldProblem(duplicate(item, of: earlier, firstLine: firstLine), at: item.start))
                    continue
                }
                seen[key] = item
            }
            texts.append(text)
        }
        if var problem = problems.first {
            problem.more = Array(problems.dropFirst())
            return .failure(problem)
        }
        if isRequired, texts.isEmpty { return .failure(FieldProblem("\(name) must not be empty", at: node.start)) }
        return .success(.list(texts))
    }

    /// What is wrong with a taxonomy's `item` that names the term `earlier` already named.
    private func duplicate(_ item: YAMLNode, of earlier: YAMLNode, firstLine: Int) -> String {
        let line = firstLine + earlier.start.line - 1
        let written = earlier.scalarText ?? ""
        if written.unicodeScalars.elementsEqual((item.scalarText ?? "").unicodeScalars) {
            return "\(name) holds \(FieldReader.quoted(item)) twice (first on line \(line))"
        }
        return "\(name) holds \(FieldReader.quoted(item)) and \"\(written)\" (line \(line)), which are one: "
            + "they differ only in case or Unicode normalization; keep one"
    }

    /// Why `value` is out of `min`/`max`, if it is.
    private func boundProblem(_ value: Double, shown: String) -> String? {
        if let minimum, value < minimum {
            return "\(name) must be at least \(FieldValue.numberText(minimum)), got \(shown)"
        }
        if let maximum, value > maximum {
            return "\(name) must be at most \(FieldValue.numberText(maximum)), got \(shown)"
        }
        return nil
    }

    /// A finite number, written plain (`2.5`, `3`) or quoted (`"2.5"`).
    private static func number(in node: YAMLNode) -> Double? {
        let value: YAMLScalarValue?
        if case .string(let text) = node.scalarValue {
            value = YAMLScalarValue(plain: text.trimmingWhitespace)
        } else {
            value = node.scalarValue
        }
        switch value {
        case .int(let whole): return Double(whole)
        case .double(let number) where number.isFinite: return number
        default: return nil
        }
    }
}
