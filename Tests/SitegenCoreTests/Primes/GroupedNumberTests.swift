import SitegenCore
import Testing

/// Rules for `GroupedNumber`.
@Suite("GroupedNumber")
struct GroupedNumberTests {
    @Test(
        "numbers below 1,000 have no commas",
        arguments: [(Int64(0), "0"), (7, "7"), (42, "42"), (999, "999"), (-999, "-999")])
    func smallNumbersHaveNoCommas(n: Int64, expected: String) {
        #expect(GroupedNumber.string(n) == expected)
    }

    @Test(
        "a comma precedes every group of three digits",
        arguments: [
            (Int64(1_000), "1,000"), (12_345, "12,345"), (123_456, "123,456"), (1_234_567, "1,234,567"),
            (37_607_912_018, "37,607,912,018"),
        ])
    func commaPrecedesEveryGroupOfThree(n: Int64, expected: String) {
        #expect(GroupedNumber.string(n) == expected)
    }

    @Test(
        "negative numbers keep their sign in front of the first group",
        arguments: [(Int64(-1_000), "-1,000"), (-1_234_567, "-1,234,567")])
    func negativesKeepSign(n: Int64, expected: String) {
        #expect(GroupedNumber.string(n) == expected)
    }

    @Test("the extreme Int64 values are grouped in full")
    func extremeValuesAreGroupedInFull() {
        #expect(GroupedNumber.string(.max) == "9,223,372,036,854,775,807")
        #expect(GroupedNumber.string(.min) == "-9,223,372,036,854,775,808")
    }
}
