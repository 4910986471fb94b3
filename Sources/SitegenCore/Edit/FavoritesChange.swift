/// `sitegen primes add N` / `remove N`: one favorite prime more or less in
/// `content/primes.md`, written in the style the list already has — `[2, 3]`
/// becomes `[2, 3, 5]`, and a block list gets a `- 5` line indented like the others.
package enum FavoritesChange: ContentChange, Sendable {
    /// Adds a prime that is not yet a favorite.
    case add(Int64)
    /// Removes a favorite.
    case remove(Int64)

    /// The change to the favorites list (by `ListPatcher`), after checking the number against the current list.
    package func plan(for document: ContentDocument, kind: ContentKind) throws(EditFailure) -> EditPlan {
        guard kind == .primes else { throw .failed("\(document.path) is not the primes page (content/primes.md)") }
        let (page, diagnostics) = PrimesPage.load(document, slug: "primes")
        guard let page else { throw .refused(diagnostics.filter { $0.severity == .error }) }
        let patcher = try FrontMatterPatcher(document)
        // Numbers are written as they are, in either style.
        let list = ListPatcher(key: "favorites", document: document, patcher: patcher, writeItem: { text, _ in text })
        let items = list.writtenItems
        var favorites = page.favorites
        let write: ListPatcher.Write
        switch self {
        case .add(let number):
            guard Primes.isPrime(number) else {
                throw .refused(at: SourceLocation(path: document.path), "\(number) is not prime")
            }
            if let index = favorites.firstIndex(of: number) {
                throw .refused(at: document.location(of: items[index].start), "\(number) is already a favorite")
            }
            favorites.append(number)
            write = try list.keeping(Array(items.indices), of: [], appending: [String(number)])
        case .remove(let number):
            guard let index = favorites.firstIndex(of: number), list.pair != nil else {
                throw .refused(at: SourceLocation(path: document.path), "\(number) is not a favorite")
            }
            favorites.remove(at: index)
            write = try list.keeping(items.indices.filter { $0 != index }, of: [], appending: [])
        }
        let patches: [BytePatch]
        switch write {
        case .patches(let written): patches = written
        case .newField(let yaml): patches = [patcher.addFields([("favorites", yaml)])]
        }
        return EditPlan(patches: patches, fields: ["favorites": .reads(.list(favorites.map { .int(Int($0)) }))])
    }
}
