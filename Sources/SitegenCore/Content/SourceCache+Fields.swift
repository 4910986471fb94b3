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
                    optional(post.description), list(post.aliases),
                ]
            )
        case .menuItem(let item): return ("menu", [item.slug, item.name, String(item.price), list(item.aliases)])
        case .profile(let profile):
            return (
                "profile",
                [profile.slug, profile.name, optional(profile.bio), optional(profile.username), list(profile.aliases)]
            )
        case .page(let page):
            return ("page", [page.slug, optional(page.title), optional(page.description), list(page.aliases)])
        case .primes(let primes):
            return ("primes", [String(primes.count), primes.favorites.map(String.init).joined(separator: " ")])
        }
    }

    static func item(kind: String, fields: [String]) -> SiteLoader.Item? {
        switch (kind, fields.count) {
        case ("post", 10):
            var date: ContentDate?
            if fields[3] != "-" {
                guard let parsed = Self.date(fields[3]) else { return nil }
                date = parsed
            }
            let tags = fields[7] == "0" ? [] : Self.split(fields[4], at: 0x1F)
            var post = Post(
                slug: fields[0], username: fields[1], title: required(fields[2]), date: date, tags: tags,
                isDraft: fields[5] == "1", body: "", displayTitle: fields[6], description: required(fields[8]))
            post.aliases = list(fields[9])
            return .post(post)
        case ("menu", 4):
            guard let price = Int(fields[2]) else { return nil }
            return .menuItem(
                MenuItem(slug: fields[0], name: fields[1], price: price, body: "", aliases: list(fields[3])))
        case ("profile", 5):
            return .profile(
                Profile(
                    slug: fields[0], name: fields[1], bio: required(fields[2]), username: required(fields[3]), body: "",
                    aliases: list(fields[4])))
        case ("page", 4):
            return .page(
                PlainPage(
                    slug: fields[0], title: required(fields[1]), description: required(fields[2]), body: "",
                    aliases: list(fields[3])))
        case ("primes", 2):
            guard let count = Int64(fields[0]) else { return nil }
            let favorites = fields[1].split(separator: " ").compactMap { Int64($0) }
            return .primes(PrimesPage(count: count, favorites: favorites, body: ""))
        default: return nil
        }
    }

    /// A date as written: `wall-clock hasTime offset`, the offset `-` when none was written.
    private static func dateField(_ date: ContentDate) -> String {
        "\(date.wallClock) \(date.hasTime ? 1 : 0) " + (date.hasWrittenOffset ? String(date.offset) : "-")
    }

    private static func date(_ field: String) -> ContentDate? {
        var field = field
        // Read in place: every post's date is read from the cache on every build.
        return field.withUTF8 { bytes -> ContentDate? in
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
    private static func split(_ field: String, at separator: UInt8) -> [String] {
        var field = field
        return field.withUTF8 { bytes in
            var parts: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == separator {
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return parts
        }
    }

    /// A list of texts (aliases) as one field: separated by U+001F, which no alias holds.
    private static func list(_ values: [String]) -> String { values.joined(separator: "\u{1F}") }
    private static func list(_ field: String) -> [String] { field.isEmpty ? [] : split(field, at: 0x1F) }

    /// `nil` is written `-`; a value is written `+value`.
    private static func optional(_ value: String?) -> String { value.map { "+" + $0 } ?? "-" }
    private static func required(_ field: String) -> String? {
        // By its UTF-8: dropping the first Character looked for where the grapheme ends.
        field.utf8.first == UInt8(ascii: "+") ? String(field[field.utf8.index(after: field.utf8.startIndex)...]) : nil
    }
}
