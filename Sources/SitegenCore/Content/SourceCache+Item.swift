/// An item's model as the source cache stores it: a kind and its fields as
/// texts (the body is not kept), read back without parsing the file again.
extension SourceCache {
    /// A hash of everything the cache keeps of an item: all its fields but the body.
    /// Pages that list items show nothing else of them but their excerpts.
    public static func modelHash(of item: SiteLoader.Item) -> UInt64 {
        let (kind, fields) = Self.fields(of: item)
        var hash = StableHash()
        hash.combine(kind)
        for field in fields { hash.combine(field) }
        return hash.value
    }

    static func fields(of item: SiteLoader.Item) -> (String, [String]) {
        switch item {
        case .post(let post):
            return (
                "post",
                [
                    post.slug, post.username, optional(post.title), post.date.map(Self.dateField) ?? "-",
                    post.tags.joined(separator: "\u{1F}"), post.isDraft ? "1" : "0", post.displayTitle,
                    String(post.tags.count),
                    optional(post.description), list(post.aliases), PageLayout.stored(post.layout),
                ] + FieldValue.stored(post.fieldValues)
            )
        case .menuItem(let item):
            return (
                "menu",
                [item.slug, item.name, String(item.price), list(item.aliases), PageLayout.stored(item.layout)]
                    + FieldValue.stored(item.fieldValues)
            )
        case .profile(let profile):
            return (
                "profile",
                [
                    profile.slug, profile.name, optional(profile.bio), optional(profile.username),
                    list(profile.aliases), PageLayout.stored(profile.layout),
                ] + FieldValue.stored(profile.fieldValues)
            )
        case .page(let page):
            return (
                "page",
                [
                    page.slug, optional(page.title), optional(page.description), list(page.aliases),
                    PageLayout.stored(page.layout), page.updated.map(Self.dateField) ?? "-",
                ]
            )
        case .primes(let primes):
            return ("primes", [String(primes.count), primes.favorites.map(String.init).joined(separator: " ")])
        case .item(let item): return ("item", item.storedFields)
        }
    }

    /// A field as the stored form holds it: its UTF-8, read in place (valid while the stored
    /// bytes are). Each becomes a `String` only where the item keeps it as one; dates, flags
    /// and lists are read from the bytes (every unchanged item is read on every build).
    typealias StoredField = UnsafeBufferPointer<UInt8>

    static func item(kind: String, fields: [StoredField]) -> SiteLoader.Item? {
        switch (kind, fields.count) {
        case ("post", 11...):
            guard let layout = PageLayout.fromStored(text(fields[10])),
                let values = FieldValue.values(stored: fields[11...].map(text))
            else { return nil }
            var date: ContentDate?
            if !fields[3].elementsEqual("-".utf8) {
                guard let parsed = Self.date(fields[3]) else { return nil }
                date = parsed
            }
            let tags = fields[7].elementsEqual("0".utf8) ? [] : Self.split(fields[4], at: 0x1F)
            var post = Post(
                slug: text(fields[0]), username: text(fields[1]), title: required(fields[2]), date: date, tags: tags,
                isDraft: fields[5].elementsEqual("1".utf8), body: "", displayTitle: text(fields[6]),
                description: required(fields[8]))
            post.aliases = list(fields[9])
            post.layout = layout
            if !values.isEmpty { post.fieldValues = values }
            return .post(post)
        case ("menu", 5...):
            guard let price = integer(fields[2][...]).flatMap(Int.init(exactly:)),
                let layout = PageLayout.fromStored(text(fields[4])),
                let values = FieldValue.values(stored: fields[5...].map(text))
            else { return nil }
            var item = MenuItem(
                slug: text(fields[0]), name: text(fields[1]), price: price, body: "", aliases: list(fields[3]),
                layout: layout)
            item.fieldValues = values
            return .menuItem(item)
        case ("profile", 6...):
            guard let layout = PageLayout.fromStored(text(fields[5])),
                let values = FieldValue.values(stored: fields[6...].map(text))
            else { return nil }
            var profile = Profile(
                slug: text(fields[0]), name: text(fields[1]), bio: required(fields[2]),
                username: required(fields[3]), body: "", aliases: list(fields[4]), layout: layout)
            profile.fieldValues = values
            return .profile(profile)
        case ("page", 6):
            guard let layout = PageLayout.fromStored(text(fields[4])) else { return nil }
            var page = PlainPage(
                slug: text(fields[0]), title: required(fields[1]), description: required(fields[2]), body: "",
                aliases: list(fields[3]), layout: layout)
            if !fields[5].elementsEqual("-".utf8) {
                guard let updated = Self.date(fields[5]) else { return nil }
                page.updated = updated
            }
            return .page(page)
        case ("item", 4...):
            return CollectionItem(storedFields: fields.map(text)).map(SiteLoader.Item.item)
        case ("primes", 2):
            guard let count = integer(fields[0][...]) else { return nil }
            let favorites = text(fields[1]).split(separator: " ").compactMap { Int64($0) }
            return .primes(PrimesPage(count: count, favorites: favorites, body: ""))
        default: return nil
        }
    }

    /// A date as written: `wall-clock hasTime offset`, the offset `-` when none was written.
    private static func dateField(_ date: ContentDate) -> String {
        "\(date.wallClock) \(date.hasTime ? 1 : 0) " + (date.hasWrittenOffset ? String(date.offset) : "-")
    }

    private static func date(_ bytes: StoredField) -> ContentDate? {
        // Its three parts found by their two spaces: `split` made an array of them for every post.
        let space = UInt8(ascii: " ")
        guard let first = bytes.firstIndex(of: space), let second = bytes[(first + 1)...].firstIndex(of: space),
            !bytes[(second + 1)...].contains(space), let wallClock = integer(bytes[..<first])
        else { return nil }
        let (time, zone) = (bytes[(first + 1)..<second], bytes[(second + 1)...])
        let offset = integer(zone)
        guard offset != nil || zone.elementsEqual("-".utf8) else { return nil }
        return ContentDate(
            wallClock: wallClock, offset: Int(offset ?? 0), hasWrittenOffset: offset != nil,
            hasTime: time.elementsEqual("1".utf8))
    }

    /// A whole number written in decimal, with an optional sign, as `Int64(_: String)` reads one.
    private static func integer(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in rest {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowing) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow, !overflowing else { return nil }
            value = sum
        }
        return value
    }

    /// The parts of a stored field between separator bytes (by bytes: much
    /// cheaper than splitting by characters, and the separators are ASCII).
    private static func split(_ bytes: StoredField, at separator: UInt8) -> [String] {
        var parts: [String] = []
        var start = 0
        for index in bytes.indices where bytes[index] == separator {
            parts.append(text(UnsafeBufferPointer(rebasing: bytes[start..<index])))
            start = index + 1
        }
        parts.append(text(UnsafeBufferPointer(rebasing: bytes[start...])))
        return parts
    }

    private static func text(_ field: StoredField) -> String { String(decoding: field, as: UTF8.self) }

    /// A list of texts (aliases) as one field: separated by U+001F, which no alias holds.
    private static func list(_ values: [String]) -> String { values.joined(separator: "\u{1F}") }
    private static func list(_ field: StoredField) -> [String] { field.isEmpty ? [] : split(field, at: 0x1F) }

    /// `nil` is written `-`; a value is written `+value`.
    private static func optional(_ value: String?) -> String { value.map { "+" + $0 } ?? "-" }
    private static func required(_ field: StoredField) -> String? {
        field.first == UInt8(ascii: "+") ? text(UnsafeBufferPointer(rebasing: field.dropFirst())) : nil
    }
}
