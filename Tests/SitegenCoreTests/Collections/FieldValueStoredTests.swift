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

    @Test func anItemRoundTripsWithoutItsBody() {
        let item = CollectionItem(
            collection: "events", slug: "spring", values: ["seats": .integer(40)], body: "Body", layout: "wide",
            aliases: ["/old/", "/older/"])
        var expected = item
        expected.body = ""
        #expect(CollectionItem(storedFields: item.storedFields) == expected)
        #expect(CollectionItem(storedFields: ["events", "spring", "-", "", "seats\u{1E}x1"]) == nil)
    }
}
