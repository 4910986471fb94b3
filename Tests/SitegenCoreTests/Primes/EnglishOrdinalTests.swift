import SitegenCore
import Testing

/// Rules for `EnglishOrdinal`.
@Suite("EnglishOrdinal")
struct EnglishOrdinalTests {
    @Test(
        "numbers take st, nd, rd or th by their last two digits",
        arguments: [
            (Int64(1), "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (5, "5th"), (9, "9th"), (10, "10th"),
            (21, "21st"), (22, "22nd"), (23, "23rd"), (24, "24th"),
            (101, "101st"), (102, "102nd"), (103, "103rd"),
            (1_000, "1000th"), (1_001, "1001st"), (37_607_912_018, "37607912018th"),
        ])
    func suffixFollowsLastTwoDigits(n: Int64, expected: String) {
        #expect(EnglishOrdinal.string(n) == expected)
    }

    @Test(
        "numbers ending in 11, 12 or 13 take th",
        arguments: [
            (Int64(11), "11th"), (12, "12th"), (13, "13th"), (111, "111th"), (112, "112th"), (113, "113th"),
            (1_011, "1011th"),
        ])
    func teensTakeTh(n: Int64, expected: String) {
        #expect(EnglishOrdinal.string(n) == expected)
    }

    @Test("zero is 0th")
    func zeroIsZeroth() {
        #expect(EnglishOrdinal.string(0) == "0th")
    }

    @Test(
        "negative numbers keep their sign and take the suffix of their magnitude",
        arguments: [
            (Int64(-1), "-1st"), (-2, "-2nd"), (-3, "-3rd"), (-4, "-4th"), (-11, "-11th"), (-12, "-12th"),
            (-13, "-13th"), (-21, "-21st"), (-112, "-112th"),
        ])
    func negativesKeepSign(n: Int64, expected: String) {
        #expect(EnglishOrdinal.string(n) == expected)
    }

    @Test("the extreme Int64 values are written in full")
    func extremeValuesAreWrittenInFull() {
        #expect(EnglishOrdinal.string(.max) == "9223372036854775807th")
        #expect(EnglishOrdinal.string(.min) == "-9223372036854775808th")
    }

    @Test(
        "the grouped form adds thousands commas before the suffix",
        arguments: [
            (Int64(1), "1st"), (999, "999th"), (1_000, "1,000th"), (1_001, "1,001st"),
            (37_607_912_018, "37,607,912,018th"), (-1_012, "-1,012th"),
        ])
    func groupedFormAddsCommas(n: Int64, expected: String) {
        #expect(EnglishOrdinal.grouped(n) == expected)
    }
}
