/// Writes a list field's new items in the style the list already has: a flow
/// list (`[a, b]`) keeps its brackets and separators and gets `, c` after its
/// last item; a block list keeps its lines and gets a `- c` line indented like
/// the others. Items kept keep their bytes, comments included. A field that
/// is absent, empty or not yet a list becomes a flow list.
struct ListPatcher {
    /// What the patcher writes.
    enum Write {
        /// Changes to the file's bytes.
        case patches([BytePatch])
        /// The field is absent: its value, for `FrontMatterPatcher.addFields`, so it goes with any other new field.
        case newField(yaml: String)
    }

    /// The field's name.
    let key: String
    /// The field as the file has it (the first one, which readers use), or `nil` when absent.
    let pair: YAMLPair?
    private let patcher: FrontMatterPatcher
    private let layout: FrontMatterLayout
    private let writeItem: (String, _ inFlow: Bool) -> String

    /// A patcher for list field `key`. `writeItem` gives an item's YAML in a flow or a block list;
    /// by default, text quoted as each style needs.
    init(
        key: String, document: ContentDocument, patcher: FrontMatterPatcher,
        writeItem: @escaping (String, _ inFlow: Bool) -> String = { text, inFlow in
            inFlow ? YAMLScalarWriter.flowText(text) : YAMLScalarWriter.text(text)
        }
    ) {
        self.key = key
        pair = patcher.firstPair(key)
        self.patcher = patcher
        layout = FrontMatterLayout(document: document)
        self.writeItem = writeItem
    }

    /// The items of the list as written, when the field is a list with at least one item.
    var writtenItems: [YAMLNode] {
        guard case .sequence(let items, _)? = pair?.value.content else { return [] }
        return items
    }

    /// Whether the items kept by `keeping(_:appending:)` keep their bytes (and so read as before);
    /// otherwise the whole value is written anew.
    var keepsItemsAsWritten: Bool { !writtenItems.isEmpty }

    /// The field becomes exactly `items`: a block list's item lines (comments
    /// on them included) are replaced by new ones with the same indentation;
    /// anything else becomes a flow list.
    func replacing(with items: [String]) throws(EditFailure) -> Write {
        guard let pair else { return .newField(yaml: flowList(items)) }
        let written = writtenItems
        if let first = written.first, layout.isBlockCollection(pair.value), !items.isEmpty {
            guard let prefix = layout.listItemPrefix(first) else { throw cannotEdit(first) }
            let lines = items.map { prefix + writeItem($0, false) }.joined(separator: layout.lineEnding)
            let range =
                layout.lineStart(
                    at: layout.offset(first.start))..<layout.lineContentEnd(from: layout.valueEnd(pair.value))
            return .patches([BytePatch(range, lines)])
        }
        return .patches([try patcher.replaceValue(of: pair, with: flowList(items))])
    }

    /// The field keeps the written items at `kept` (ascending indices into
    /// `writtenItems`), loses the others, and gets `appended` after them.
    /// `texts` are the items as read (a single value counts as a list of one),
    /// for a value that is written anew.
    func keeping(_ kept: [Int], of texts: [String], appending appended: [String]) throws(EditFailure) -> Write {
        guard let pair else { return .newField(yaml: flowList(appended)) }
        let items = writtenItems
        guard !items.isEmpty else {
            return .patches([try patcher.replaceValue(of: pair, with: flowList(kept.map { texts[$0] } + appended))])
        }
        if kept.isEmpty && (appended.isEmpty || !layout.isBlockCollection(pair.value)) {
            return .patches([try patcher.replaceValue(of: pair, with: flowList(appended))])
        }
        let removed = Set(items.indices).subtracting(kept)
        if layout.isBlockCollection(pair.value) {
            var patches = try removed.sorted().map { index throws(EditFailure) in try removingLine(of: items[index]) }
            if !appended.isEmpty { patches.append(try appendingLines(appended, after: items)) }
            return .patches(patches)
        }
        var patches = removedRuns(removed, of: items.count).map { run in removingFlowItems(run, of: items) }
        if !appended.isEmpty {
            let end = layout.offset(items[items.count - 1].end)
            let separator = flowSeparator(items)
            patches.append(BytePatch(end..<end, appended.map { separator + writeItem($0, true) }.joined()))
        }
        return .patches(patches)
    }

    /// `[a, b]`, each item quoted as a flow list needs.
    private func flowList(_ items: [String]) -> String {
        "[" + items.map { writeItem($0, true) }.joined(separator: ", ") + "]"
    }

    /// Consecutive removed indices, as ranges, in order.
    private func removedRuns(_ removed: Set<Int>, of count: Int) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for index in removed.sorted() {
            if let last = runs.last, last.upperBound + 1 == index {
                runs[runs.count - 1] = last.lowerBound...index
            } else {
                runs.append(index...index)
            }
        }
        return runs
    }

    /// Removes a run of flow items with one separator: the one after the run,
    /// or, for a run at the end, the one before it (some item before it is kept).
    private func removingFlowItems(_ run: ClosedRange<Int>, of items: [YAMLNode]) -> BytePatch {
        if run.upperBound + 1 < items.count {
            return BytePatch(
                layout.offset(items[run.lowerBound].start)..<layout.offset(items[run.upperBound + 1].start), [])
        }
        return BytePatch(layout.offset(items[run.lowerBound - 1].end)..<layout.offset(items[run.upperBound].end), [])
    }

    /// What goes between flow items: what the file has between its last two, unless a comment is there.
    private func flowSeparator(_ items: [YAMLNode]) -> String {
        guard items.count >= 2 else { return ", " }
        let between = layout.text(
            layout.offset(items[items.count - 2].end)..<layout.offset(items[items.count - 1].start))
        return between.contains("#") ? ", " : between
    }

    /// The whole line (or lines) of a block item.
    private func removingLine(of item: YAMLNode) throws(EditFailure) -> BytePatch {
        guard layout.listItemPrefix(item) != nil else { throw cannotEdit(item) }
        return BytePatch(
            layout.lineStart(at: layout.offset(item.start))..<layout.nextLineStart(from: layout.valueEnd(item)), [])
    }

    /// New block item lines after the last item, with its indentation and dash.
    private func appendingLines(_ appended: [String], after items: [YAMLNode]) throws(EditFailure) -> BytePatch {
        let last = items[items.count - 1]
        guard let prefix = layout.listItemPrefix(last) else { throw cannotEdit(last) }
        let lineEnd = layout.nextLineStart(from: layout.valueEnd(last))
        let needsBreak = lineEnd == layout.lineContentEnd(from: layout.valueEnd(last))
        let lines = appended.map { prefix + writeItem($0, false) + layout.lineEnding }.joined()
        return BytePatch(lineEnd..<lineEnd, (needsBreak ? layout.lineEnding : "") + lines)
    }

    private func cannotEdit(_ item: YAMLNode) -> EditFailure {
        .refused(
            at: layout.document.location(of: item.start),
            "\(key) is not written one \"- item\" per line here; change the list in an editor (sitegen edit \(layout.document.path))"
        )
    }
}
