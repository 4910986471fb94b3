/// The state-management page, `content/primes.md`: a counter and a list of favorite primes.
package struct PrimesPage: ContentModel, Sendable, Equatable {
    /// The counter.
    package var count: Int64
    /// Favorite primes in the order written; each is prime and appears once.
    package var favorites: [Int64]
    /// The Markdown body, shown above the counter.
    package var body: String

    package static let kindName = "the primes page"
    package static let immutableFields: Set<String> = []
    package static let requiredFields: Set<String> = ["count"]
    package static let valueKinds: [String: FieldValueKind] = ["count": .wholeNumber, "favorites": .wholeNumberList]

    package static func read(_ fields: inout FieldReader, slug: String) -> PrimesPage? {
        let count = fields.wholeNumber("count", meaning: "a whole number", required: true)
        let favorites = readFavorites(&fields)
        fields.refuseLayout(
            "content/primes.md makes two pages, /counter/ and /primes/, each with its own template;"
                + " change templates/counter.mustache or templates/primes.mustache instead")
        guard let count, let favorites else { return nil }
        return PrimesPage(count: Int64(count), favorites: favorites, body: fields.document.body)
    }

    private static func readFavorites(_ fields: inout FieldReader) -> [Int64]? {
        guard let node = fields.node("favorites") else { return [] }
        guard case .sequence(let items, _) = node.content else {
            fields.report("favorites must be a list of primes, found \(node.kindName)", at: node)
            return nil
        }
        var favorites: [Int64] = []
        var firstLine: [Int64: Int] = [:]
        var valid = true
        for item in items {
            guard let number = FieldReader.wholeNumber(in: item) else {
                fields.report("each favorite must be a whole number, got \(FieldReader.quoted(item))", at: item)
                valid = false
                continue
            }
            let value = Int64(number)
            if !Primes.isPrime(value) {
                fields.report("favorite \(value) is not prime", at: item)
                valid = false
            } else if let line = firstLine[value] {
                fields.report("favorite \(value) is listed twice (first on line \(line))", at: item)
                valid = false
            } else {
                firstLine[value] = fields.document.location(of: item.start).line
                favorites.append(value)
            }
        }
        return valid ? favorites : nil
    }
}

/// The primes page as the source cache keeps it (`StoredModel`): every field but the body.
extension PrimesPage: StoredModel {
    static var blank: PrimesPage { PrimesPage(count: 0, favorites: [], body: "") }

    mutating func walkStoredFields(_ record: inout some StoredRecord) {
        record.integer(&count)
        record.integers(&favorites)
    }
}
