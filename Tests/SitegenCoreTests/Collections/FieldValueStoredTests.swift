import Testing

@testable import SitegenCore

/// Field values as the source cache stores them read back as the same values.
@Suite struct FieldValueStoredTests {
    @Test func everyTypeRoundTrips() throws {
        let values: [String: FieldValue] = [
            "a": .text("Hall \u{1F} A"), "b": .markdown("*hi*"), "c": .integer(-40), "d": .number(2.5),
            "e": .boolean(true), "f": .date(try #require(ContentDate(parsing: "2025-03-01T09:30:00+09:00"))),
            "g": .date(try #require(ContentDate(parsing: "2025-03-01"))), "h": .list([]), "i": .list([""]),
            "j": .list(["kim", "lee"]), "k": .url("/about/"),
            "l": .image(ImageReference(source: "my cover.png", line: 4, column: 8)), "m": .choice("done"),
        ]
        #expect(FieldValue.values(stored: FieldValue.stored(values)) == values)
    }

    /// A list's items come back as they were whatever they hold: a YAML double-quoted text can
    /// hold any character ("a\x1Fb"), the separators of the stored form among them.
    @Test func aListItemHoldingAnyCharacterRoundTrips() {
        let values: [String: FieldValue] = [
            "a": .list(["a\u{1F}b", "", "3:x", "\u{1E}", "스크럼 🍜"]), "b": .list(["\u{1F}"]), "c": .list(["", ""]),
        ]
        #expect(FieldValue.values(stored: FieldValue.stored(values)) == values)
        #expect(FieldValue.values(stored: ["a\u{1E}l3:ab"]) == nil)  // Shorter than it says.
        #expect(FieldValue.values(stored: ["a\u{1E}lx:ab"]) == nil)
    }

    @Test func anItemRoundTripsWithoutItsBody() {
        let item = CollectionItem(
            collection: "events", slug: "spring", values: ["seats": .integer(40)], body: "Body",
            layout: PageLayout(name: "wide", line: 4, column: 9),
            aliases: ["/old/", "/older/"])
        var expected = item
        expected.body = ""
        var writer = BinaryWriter()
        item.writeStoredFields(to: &writer)
        var reader = BinaryReader(writer.bytes)
        #expect(CollectionItem(readingStoredFields: &reader) == expected)
        #expect(reader.atEnd)
        var damaged = BinaryWriter()
        CollectionItem(collection: "events", slug: "spring", values: [:], body: "").writeStoredFields(to: &damaged)
        var bytes = damaged.bytes
        bytes.removeLast()  // The count of values, gone.
        var short = BinaryReader(bytes)
        #expect(CollectionItem(readingStoredFields: &short) == nil)
    }
}
