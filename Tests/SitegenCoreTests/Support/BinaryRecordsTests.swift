import Testing

@testable import SitegenCore

/// Lists in the state's binary records read back as written, and a count that
/// the bytes left could not hold is refused before anything is made for it.
@Suite struct BinaryRecordsTests {
    @Test func listsOfStringsAndHashesReadBackAsWritten() throws {
        var writer = BinaryWriter()
        writer.strings(["content/posts/a.md", "", "한글.md"])
        writer.fixedList([1, 0, UInt64.max])
        writer.strings([])
        writer.fixedList([])
        var reader = BinaryReader(writer.bytes)
        #expect(reader.strings() == ["content/posts/a.md", "", "한글.md"])
        #expect(reader.fixedList() == [1, 0, UInt64.max])
        #expect(reader.strings() == [])
        #expect(reader.fixedList() == [])
        #expect(reader.atEnd)
    }

    @Test func aCountLargerThanTheBytesLeftIsRefused() {
        var writer = BinaryWriter()
        writer.integer(3)  // Three hashes announced, two written.
        writer.fixed(UInt64(7))
        writer.fixed(UInt64(8))
        var hashes = BinaryReader(writer.bytes)
        #expect(hashes.fixedList() == nil)
        var strings = BinaryReader(writer.bytes)  // Three strings announced: the first claims 7 bytes, 16 are left.
        #expect(strings.strings() == nil)
        var cut = BinaryWriter()
        cut.strings(["abc", "def"])
        var reader = BinaryReader(Array(cut.bytes.dropLast()))
        #expect(reader.strings() == nil)
    }
}
