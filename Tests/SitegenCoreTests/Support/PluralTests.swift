import Testing

@testable import SitegenCore

@Suite struct PluralTests {
    @Test func oneIsSingularAndEveryOtherCountPlural() {
        #expect(Plural.count(1, "warning") == "1 warning")
        #expect(Plural.count(0, "warning") == "0 warnings")
        #expect(Plural.count(2, "file") == "2 files")
    }

    @Test func anIrregularPluralIsGivenByName() {
        #expect(Plural.count(1, "entry", plural: "entries") == "1 entry")
        #expect(Plural.count(3, "entry", plural: "entries") == "3 entries")
    }
}
