import Testing

@testable import SitegenCore

/// `ThemeStrings.format` fills `{name}` placeholders in one pass.
@Suite struct ThemeStringsFormatTests {
    private func strings(_ text: String) -> ThemeStrings {
        ThemeStrings(language: "en", overrides: ["x": text])
    }

    @Test func placeholdersAreFilledWhereverTheyStand() {
        #expect(strings("{a}{b} and {a}").format("x", ["a": "1", "b": "2"]) == "12 and 1")
        #expect(strings("{n}년 {m}월의 글").format("x", ["n": "2024", "m": "5"]) == "2024년 5월의 글")
        #expect(strings("no placeholders").format("x", ["a": "1"]) == "no placeholders")
    }

    @Test func whatHasNoValueIsLeftAsWritten() {
        #expect(strings("{a} {unknown} {").format("x", ["a": "1"]) == "1 {unknown} {")
        #expect(strings("{{a}}").format("x", ["a": "1"]) == "{1}")
        #expect(strings("ends {a").format("x", ["a": "1"]) == "ends {a")
    }

    @Test func aKeyNoTableHasIsFormattedAsWritten() {
        #expect(strings("").format("{n} of {m} {", ["n": "1"]) == "1 of {m} {")
        #expect(strings("").format("no_such_key", ["n": "1"]) == "no_such_key")
    }

    @Test func theSameStringFormatsAgainWithOtherValues() {
        let strings = strings("{title} (page {n})")
        #expect(strings.format("x", ["title": "Posts", "n": "2"]) == "Posts (page 2)")
        #expect(strings.format("x", ["title": "글", "n": "3"]) == "글 (page 3)")
        #expect(strings.format("x", [:]) == "{title} (page {n})")
    }

    @Test func aValueIsNeverFilledItself() {
        #expect(strings("{a}-{b}").format("x", ["a": "{b}", "b": "{a}"]) == "{b}-{a}")
    }

    @Test func datesAreWrittenWithTheirZeros() throws {
        let date = try #require(ContentDate(parsing: "0987-03-04T05:06:07+09:00"))
        #expect(date.rfc3339 == "0987-03-04T05:06:07+09:00")
        #expect(date.dayText == "0987-03-04")
        #expect(try #require(ContentDate(parsing: "2024-12-31T23:59:59-04:30")).rfc3339 == "2024-12-31T23:59:59-04:30")
        #expect(try #require(ContentDate(parsing: "2024-02-29")).rfc3339 == "2024-02-29T00:00:00Z")
        #expect(ContentDate(secondsSince1970: -86_400).rfc3339 == "1969-12-31T00:00:00Z")
    }

    @Test func aDateIsWrittenByTheDateFormat() throws {
        let date = try #require(ContentDate(parsing: "2024-05-01T09:30:00+09:00"))
        #expect(ThemeStrings(language: "en").date(date) == "May 1, 2024")
        #expect(ThemeStrings(language: "ko").date(date) == "2024년 5월 1일")
        let odd = ThemeStrings(
            language: "en",
            overrides: ["date_format": "{{day}} {month}/{year} {unknown} {month_name", "month_5": "Mai"])
        #expect(odd.date(date) == "{1} 5/2024 {unknown} {month_name")
        #expect(ThemeStrings(language: "en", overrides: ["date_format": "{month_name}"]).date(date) == "May")
        #expect(
            ThemeStrings(language: "en", overrides: ["date_format": "{month_name}", "month_5": "Mai"]).date(date)
                == "Mai")
    }
}
