/// One list field (a post's `tags`) changed by `sitegen edit`: replaced whole
/// by `--set KEY=[a, b]`, or changed one item at a time by `--add KEY=ITEM`
/// and `--remove KEY=ITEM`, in the order given. Checked against the list as
/// the file holds it before anything is patched, then written by `ListPatcher`.
struct ListFieldEdit {
    /// What becomes of the list.
    enum Change {
        /// The list becomes exactly these items.
        case replace([String])
        /// The written items at `kept` stay (with their bytes) and `appended` follow them;
        /// `texts` are the items as read, for a value that is not yet a list of items.
        case edit(kept: [Int], texts: [String], appended: [String])
    }

    /// The field's name.
    let key: String
    /// What becomes of it.
    let change: Change
    /// Whether its items are whole numbers (`favorites`): written plain when they read as one.
    var holdsNumbers = false

    /// The edits of every list field the request names, in the order named, or every problem found.
    static func edits(
        for request: EditRequest, in document: ContentDocument, fields: EditableFields
    ) -> Result<[ListFieldEdit], DiagnosticList> {
        var edits: [ListFieldEdit] = []
        var problems: [Diagnostic] = []
        var keys: [String] = []
        for key in request.assignments.map(\.key) + request.listChanges.map(\.key) where !keys.contains(key) {
            keys.append(key)
        }
        for key in keys {
            let changes = request.listChanges.filter { $0.key == key }
            let setting = request.assignments.last { $0.key == key }
            let reader = ListFieldEdit.Reader(key: key, document: document, fields: fields)
            guard reader.isListField else {
                if !changes.isEmpty { problems.append(reader.notAList()) }
                continue
            }
            let result: Result<Change, DiagnosticList>
            switch (setting, changes.isEmpty) {
            case (let setting?, true): result = reader.replacement(setting.value)
            case (nil, false): result = reader.applying(changes)
            case (_?, false):
                result = .failure(
                    DiagnosticList([reader.problem("--set \(key) cannot be combined with --add or --remove of \(key)")])
                )
            case (nil, true): continue
            }
            if request.removals.contains(key) && !changes.isEmpty {
                problems.append(reader.problem("\(key) is both removed and changed with --add or --remove"))
            }
            switch result {
            case .success(let change):
                edits.append(ListFieldEdit(key: key, change: change, holdsNumbers: reader.holdsNumbers))
            case .failure(let found): problems += found.diagnostics
            }
        }
        return problems.isEmpty ? .success(edits) : .failure(DiagnosticList(problems))
    }

    /// What to write and what the field must then read as.
    func write(with patcher: ListPatcher) throws(EditFailure) -> (write: ListPatcher.Write, readsAs: TemplateValue) {
        switch change {
        case .replace(let items):
            return (try patcher.replacing(with: items), .list(items.map(value)))
        case .edit(let kept, let texts, let appended):
            let write = try patcher.keeping(kept, of: texts, appending: appended)
            let keptValues: [TemplateValue] =
                patcher.keepsItemsAsWritten
                ? kept.map { patcher.writtenItems[$0].templateValue } : kept.map { .string(texts[$0]) }
            return (write, .list(keptValues + appended.map(value)))
        }
    }

    /// A patcher that writes this field's items: numbers plain, texts quoted as each list style needs.
    func patcher(_ document: ContentDocument, _ patcher: FrontMatterPatcher) -> ListPatcher {
        guard holdsNumbers else { return ListPatcher(key: key, document: document, patcher: patcher) }
        return ListPatcher(key: key, document: document, patcher: patcher) { text, inFlow in
            let written = YAMLScalarWriter.value(text, as: .wholeNumber)
            if case .int = written.readsAs { return written.yaml }
            return inFlow ? YAMLScalarWriter.flowText(text) : YAMLScalarWriter.text(text)
        }
    }

    /// What a new item reads as once written.
    private func value(_ text: String) -> TemplateValue {
        holdsNumbers ? YAMLScalarWriter.value(text, as: .wholeNumber).readsAs.templateValue : .string(text)
    }
}

extension ListFieldEdit {
    /// Reads one field of the file as read and checks the request's values against it.
    fileprivate struct Reader {
        let key: String
        let document: ContentDocument
        let fields: EditableFields

        var isListField: Bool { fields.valueKind(key)?.isList == true }

        /// Whether the items are numbers: then duplicates and other rules are the model's, reported as `build` does.
        var holdsNumbers: Bool { fields.valueKind(key) == .wholeNumberList }

        /// Whether two items are one: a taxonomy's terms (a post's tags) are one after case folding
        /// and NFC (`GroupName.key`), as reading them says.
        func same(_ a: String, _ b: String) -> Bool {
            fields.spec(key)?.isTaxonomy == true ? GroupName.key(a) == GroupName.key(b) : a == b
        }

        private var pair: YAMLPair? { document.fields?.pairs?.first { $0.key.scalarText == key } }

        /// The field's key, or the file's first line when the field is absent.
        private var location: SourceLocation {
            pair.map { document.location(of: $0.key.start) } ?? document.startLocation
        }

        func problem(_ message: String, at node: YAMLNode? = nil) -> Diagnostic {
            Diagnostic(at: node.map { document.location(of: $0.start) } ?? location, message)
        }

        func notAList() -> Diagnostic {
            let lists = fields.names.filter { fields.valueKind($0)?.isList == true }.sorted()
            guard !lists.isEmpty else {
                return problem(
                    "--add and --remove change list fields, and \(fields.kindName) has none; use --set \(key)=VALUE"
                )
            }
            return problem(
                "\(key) is not a list field of \(fields.kindName) (its lists: \(lists.joined(separator: ", "))); use --set \(key)=VALUE"
            )
        }

        /// The items of `--set KEY=VALUE`, which must be a YAML list of texts.
        func replacement(_ value: String) -> Result<Change, DiagnosticList> {
            let root: YAMLNode?
            do {
                root = try YAMLParser().parse(value)
            } catch {
                return .failure(DiagnosticList([problem("--set \(key)=\(value) is not a YAML list: \(error.message)")]))
            }
            guard let root, root.scalarText?.isEmpty != true else {
                return .failure(
                    DiagnosticList([
                        problem("\(key) is a list; write --set \(key)=[] to empty it, or --unset \(key) to remove it")
                    ]))
            }
            let items: [YAMLNode]
            switch root.content {
            case .sequence(let list, _): items = list
            case .scalar:
                return .failure(
                    DiagnosticList([
                        problem(
                            "\(key) is a list; write --set \(key)=[\(value)] to replace it, or --add \(key)=\(value) to add one item"
                        )
                    ]))
            case .mapping:
                return .failure(DiagnosticList([problem("\(key) must be a list like [a, b], got a mapping")]))
            }
            var texts: [String] = []
            var problems: [Diagnostic] = []
            for item in items {
                guard let text = item.scalarText else {
                    problems.append(
                        problem("each of \(key) must be \(holdsNumbers ? "a number" : "text"), found \(item.kindName)"))
                    continue
                }
                if holdsNumbers {
                    texts.append(text)  // Checked by the model once written, with `build`'s words.
                } else if text.allSatisfy(\.isWhitespace) {
                    problems.append(problem("\(key) cannot hold an empty item"))
                } else if texts.contains(where: { same($0, text) }) {
                    problems.append(problem("\(key) would hold \"\(text)\" twice"))
                } else {
                    texts.append(text)
                }
            }
            return problems.isEmpty ? .success(.replace(texts)) : .failure(DiagnosticList(problems))
        }

        /// The list after each `--add` and `--remove`, in order.
        func applying(_ changes: [EditRequest.ListChange]) -> Result<Change, DiagnosticList> {
            // Each entry: the written item it is (nil for one added now) and its text as read.
            var entries: [(written: Int?, text: String?)]
            var texts: [String] = []
            switch pair?.value.content {
            case nil: entries = []
            case .scalar(let text, _) where pair?.value.scalarValue == .null || text.isEmpty: entries = []
            case .scalar(let text, _):
                entries = [(0, text)]
                texts = [text]
            case .sequence(let items, _): entries = items.enumerated().map { ($0.offset, $0.element.scalarText) }
            case .mapping:
                return .failure(
                    DiagnosticList([
                        problem("\(key) holds a mapping, not a list; replace it with --set \(key)=[…]", at: pair?.value)
                    ]))
            }
            let written = writtenItems
            var problems: [Diagnostic] = []
            for change in changes {
                let item = change.item.trimmingWhitespace
                guard !item.isEmpty else {
                    problems.append(problem("\(key) cannot hold an empty item"))
                    continue
                }
                let found = entries.firstIndex { $0.text.map { same($0, item) } ?? false }
                switch (change.action, found) {
                case (.add, let index?):
                    problems.append(
                        problem(
                            "\(key) already holds \"\(item)\"", at: entries[index].written.flatMap { written[safe: $0] }
                        ))
                case (.add, nil): entries.append((nil, item))
                case (.remove, let index?): entries.remove(at: index)
                case (.remove, nil): problems.append(problem("\(key) has no item \"\(item)\" to remove"))
                }
            }
            guard problems.isEmpty else { return .failure(DiagnosticList(problems)) }
            return .success(
                .edit(
                    kept: entries.compactMap(\.written),
                    texts: texts.isEmpty ? written.map { $0.scalarText ?? "" } : texts,
                    appended: entries.filter { $0.written == nil }.compactMap(\.text)))
        }

        private var writtenItems: [YAMLNode] {
            guard case .sequence(let items, _)? = pair?.value.content else { return [] }
            return items
        }
    }
}

extension Array {
    /// The element at `index`, or `nil` when there is none.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
