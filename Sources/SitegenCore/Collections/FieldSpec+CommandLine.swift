/// `--set NAME=TEXT` for `sitegen new` and `edit`: the text read as YAML would read it unquoted,
/// then checked by `read(_:)`, so the command line and front matter obey one set of rules.
extension FieldSpec {
    /// The typed value `text` gives this field, or why it does not fit (without a mark: the text
    /// has no place in a file). A list is written `[a, b]` (or one text for a list of one).
    package func parse(commandLineText text: String) -> Result<FieldValue, FieldProblem> {
        let node: YAMLNode
        if type == .list, text.hasPrefix("[") {
            do {
                guard let parsed = try YAMLParser().parse(text) else {
                    return .failure(FieldProblem("\(name) must be \(expected), like [a, b]", at: nil))
                }
                node = parsed
            } catch {
                return .failure(FieldProblem("\(name) must be \(expected), like [a, b]: \(error.message)", at: nil))
            }
        } else {
            let mark = YAMLMark(line: 1, column: 1, offset: 0)
            node = YAMLNode(content: .scalar(text, .plain), tag: nil, start: mark, end: mark)
        }
        return read(node).mapError { FieldProblem($0.message, at: nil) }
    }
}
