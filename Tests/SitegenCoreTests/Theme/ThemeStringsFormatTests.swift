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

    @Test func aValueIsNeverFilledItself() {
        #expect(strings("{a}-{b}").format("x", ["a": "{b}", "b": "{a}"]) == "{b}-{a}")
    }

    @Test func datesAreWrittenWithTheirZeros() throws {
        let date = try #require(ContentDate(parsing: "0987-03-04T05:06:07+09:00"))
        #expect(date.rfc3339 == "0987-03-04T05:06:07+09:00")
        #expect(date.dayText == "0987-03-04")
    }
}
