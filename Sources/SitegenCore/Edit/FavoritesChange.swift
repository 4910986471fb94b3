/// `sitegen primes add N` / `remove N`: one favorite prime more or less in
/// `content/primes.md`, written in the style the list already has — `[2, 3]`
/// becomes `[2, 3, 5]`, and a block list gets a `- 5` line indented like the others.
public enum FavoritesChange: ContentChange, Sendable {
    /// Adds a prime that is not yet a favorite.
    case add(Int64)
    /// Removes a favorite.
    case remove(Int64)

    /// One patch to the favorites list, after checking the number against the current list.
    public func plan(for document: ContentDocument, kind: ContentKind) throws(EditFailure) -> EditPlan {
        guard kind == .primes else { throw .failed("\(document.path) is not the primes page (content/primes.md)") }
        let (page, diagnostics) = PrimesPage.load(document, slug: "primes")
        guard let page else { throw .refused(diagnostics.filter { $0.severity == .error }) }
        let patcher = try FrontMatterPatcher(document)
        let layout = FrontMatterLayout(document: document)
        let pair = patcher.firstPair("favorites")
        let items: [YAMLNode]
        if let pair, case .sequence(let list, _) = pair.value.content { items = list } else { items = [] }
        var favorites = page.favorites
        let patch: BytePatch
        switch self {
        case .add(let number):
            guard Primes.isPrime(number) else { throw .refused(at: SourceLocation(path: document.path), "\(number) is not prime") }
            if let index = favorites.firstIndex(of: number) {
                throw .refused(at: document.location(of: items[index].start), "\(number) is already a favorite")
            }
            favorites.append(number)
            patch = try Self.adding(number, to: pair, items: items, patcher: patcher, layout: layout)
        case .remove(let number):
            guard let index = favorites.firstIndex(of: number), let pair else {
                throw .refused(at: SourceLocation(path: document.path), "\(number) is not a favorite")
            }
            favorites.remove(at: index)
            patch = try Self.removing(at: index, from: pair, items: items, patcher: patcher, layout: layout)
        }
        return EditPlan(patches: [patch], fields: ["favorites": .reads(.list(favorites.map { .int(Int($0)) }))])
    }

    private static func adding(
        _ number: Int64, to pair: YAMLPair?, items: [YAMLNode], patcher: FrontMatterPatcher, layout: FrontMatterLayout
    ) throws(EditFailure) -> BytePatch {
        guard let pair else { return patcher.addFields([("favorites", "[\(number)]")]) }
        guard let last = items.last else { return try patcher.replaceValue(of: pair, with: "[\(number)]") }
        if !layout.isBlockCollection(pair.value) {
            var separator = ", "
            if items.count >= 2 {
                let between = layout.text(layout.offset(items[items.count - 2].end)..<layout.offset(last.start))
                if !between.contains("#") { separator = between }
            }
            let end = layout.offset(last.end)
            return BytePatch(end..<end, separator + String(number))
        }
        guard let prefix = layout.listItemPrefix(last) else { throw cannotEdit(last, layout) }
        let lineEnd = layout.nextLineStart(from: layout.valueEnd(last))
        let needsBreak = lineEnd == layout.lineContentEnd(from: layout.valueEnd(last))
        return BytePatch(lineEnd..<lineEnd, (needsBreak ? layout.lineEnding : "") + prefix + String(number) + layout.lineEnding)
    }

    private static func removing(
        at index: Int, from pair: YAMLPair, items: [YAMLNode], patcher: FrontMatterPatcher, layout: FrontMatterLayout
    ) throws(EditFailure) -> BytePatch {
        if items.count == 1 { return try patcher.replaceValue(of: pair, with: "[]") }
        let item = items[index]
        if !layout.isBlockCollection(pair.value) {
            // The item and one separator next to it: the one after it, or before it for the last item.
            if index + 1 < items.count { return BytePatch(layout.offset(item.start)..<layout.offset(items[index + 1].start), []) }
            return BytePatch(layout.offset(items[index - 1].end)..<layout.offset(item.end), [])
        }
        guard layout.listItemPrefix(item) != nil else { throw cannotEdit(item, layout) }
        return BytePatch(layout.lineStart(at: layout.offset(item.start))..<layout.nextLineStart(from: layout.valueEnd(item)), [])
    }

    private static func cannotEdit(_ item: YAMLNode, _ layout: FrontMatterLayout) -> EditFailure {
        .refused(
            at: layout.document.location(of: item.start),
            "favorites are not written one \"- N\" per line here; change the list in an editor (sitegen edit primes)")
    }
}
