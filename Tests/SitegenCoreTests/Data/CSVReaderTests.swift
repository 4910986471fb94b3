import Testing

@testable import SitegenCore

/// The libcsv boundary and the table made of its records: RFC 4180 quoting, line ends,
/// a byte order mark, and every broken file located.
@Suite struct CSVReaderTests {
    private static func table(_ text: String) throws -> CSVTable {
        try CSVTable.parse(Array(text.utf8))
    }

    /// The problems a text has, as `line:column: message`.
    private static func problems(_ bytes: [UInt8]) -> [String] {
        do {
            _ = try CSVTable.parse(bytes)
            return []
        } catch {
            return error.all.map { "\($0.line ?? 0):\($0.column ?? 0): \($0.message)" }
        }
    }

    private static func problems(_ text: String) -> [String] { problems(Array(text.utf8)) }

    @Test func aQuotedCommaStaysInItsField() throws {
        let table = try Self.table("name,note\nPaper,\"A4, white\"\n")
        #expect(table.header == ["name", "note"])
        #expect(table.rows == [["Paper", "A4, white"]])
    }

    @Test func aQuotedLineBreakStaysInItsField() throws {
        let table = try Self.table("name,note\nInk,\"black\nand blue\"\nPens,red\n")
        #expect(table.rows == [["Ink", "black\nand blue"], ["Pens", "red"]])
    }

    @Test func aQuoteWrittenTwiceInAQuotedFieldIsOneQuote() throws {
        let table = try Self.table("name,note\nSign,\"the \"\"big\"\" one\"\n")
        #expect(table.rows == [["Sign", "the \"big\" one"]])
    }

    @Test func crlfEndsRowsAndALastRowNeedsNoLineEnd() throws {
        let table = try Self.table("a,b\r\n1,2\r\n3,4")
        #expect(table.header == ["a", "b"])
        #expect(table.rows == [["1", "2"], ["3", "4"]])
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstColumnsName() throws {
        let table = try CSVTable.parse([0xEF, 0xBB, 0xBF] + Array("item,amount\nTea,3\n".utf8))
        #expect(table.header == ["item", "amount"])
        #expect(table.value == [["item": "Tea", "amount": "3"]])
    }

    @Test func cellsAreTextAsWrittenKeyedByTheHeader() throws {
        let table = try Self.table("item,amount\nTea,3.50\nRent,007\n")
        #expect(table.value == [["item": "Tea", "amount": "3.50"], ["item": "Rent", "amount": "007"]])
    }

    @Test func aRowWithTooManyFieldsIsLocatedAtTheFirstExtraField() {
        #expect(
            Self.problems("item,amount\nTea,3\nCake,1,200\n")
                == ["3:8: this row has 3 fields, the header 2: a field holding a comma must be quoted"])
    }

    @Test func aRowWithTooFewFieldsIsLocatedAtItsEndAndNamesWhatIsMissing() {
        #expect(
            Self.problems("item,amount,note\nTea,3,x\nCake\n")
                == ["3:5: this row has 1 field, the header 3 (no amount, note)"])
    }

    @Test func everyRaggedRowIsReported() {
        #expect(Self.problems("a,b\n1\n2,3\n4,5,6\n").count == 2)
    }

    @Test func aQuotedFieldNeverClosedIsLocatedAtItsQuote() {
        #expect(
            Self.problems("a,b\n1,2\n3, \"four\n5,6\n") == ["3:4: this quoted field is never closed: end it with \""])
    }

    @Test func aQuoteInsideAnUnquotedFieldIsLocated() {
        #expect(
            Self.problems("a,b\n1,2 \"inches\"\n")
                == [
                    "2:5: a quote inside a field that does not start with one; quote the whole field and write this quote as \"\""
                ])
    }

    @Test func textAfterAClosingQuoteIsLocated() {
        #expect(
            Self.problems("a,b\n\"one\"two,2\n")
                == ["2:6: text after the closing quote of a quoted field; write a quote inside one as \"\""])
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(Self.problems("이름,값\n대방어,1,2\n")[0].hasPrefix("2:7: "))
    }

    @Test func invalidUTF8IsLocated() {
        #expect(
            Self.problems(Array("a,b\n1,".utf8) + [0xFF] + Array("\n".utf8))
                == ["2:3: file is not valid UTF-8 (byte 0xFF here); save it as UTF-8"])
    }

    @Test func anEmptyFileHasNoHeaderToKeyRowsBy() {
        #expect(Self.problems("") == ["1:1: this CSV file is empty; its first row names the columns"])
        #expect(Self.problems([0xEF, 0xBB, 0xBF]) == ["1:1: this CSV file is empty; its first row names the columns"])
    }

    @Test func aHeaderAloneIsATableWithoutRows() throws {
        let table = try Self.table("item,amount\n")
        #expect(table.header == ["item", "amount"])
        #expect(table.rows.isEmpty)
        #expect(table.value == [])
        #expect(table.totals == [:])
    }

    @Test func anEmptyOrRepeatedColumnNameIsLocated() {
        #expect(
            Self.problems("item,,amount,item\n1,2,3,4\n")
                == [
                    "1:6: column 2 has no name in the header row",
                    "1:14: column name \"item\" is given twice (first as column 1); rename one",
                ])
    }

    @Test func aColumnOfNumbersHasAnExactTotal() throws {
        let table = try Self.table("item,amount,count,note\nA,0.10,1,x\nB,0.2,2,7\nC,-1.05,+3,\n")
        #expect(table.totals == ["amount": "-0.75", "count": "6"])
    }

    @Test func aColumnWithTextOrSeparatorsHasNoTotal() throws {
        #expect(try Self.table("a,b,c\n1,1,1\n1,200,x\n").totals == ["a": "2", "b": "201"])
        #expect(try Self.table("a,b\n\"1,200\",1.\n").totals == [:])
    }
}
