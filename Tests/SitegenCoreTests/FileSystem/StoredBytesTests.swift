import Foundation
import Testing

@testable import SitegenCore

/// `StoredBytes`: a file mapped whole, or a copy of an array, that readers and slices share.
@Suite struct StoredBytesTests {
    private let folder: ScratchFolder

    init() throws { folder = try ScratchFolder() }

    private func path(_ name: String) -> String { folder.path + "/" + name }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
    }

    @Test func aMappedFileHoldsItsBytes() throws {
        try write("sitegen-state\nthe rest\n", to: "state")
        let stored = try StoredBytes(mapping: path("state"))
        #expect(stored.withUnsafeBytes { Array($0) } == Array("sitegen-state\nthe rest\n".utf8))
        var reader = BinaryReader(stored)
        let header = reader.expect("sitegen-state\n")
        #expect(header)
        #expect(!reader.atEnd)
    }

    /// Where a file cannot be mapped, it is read.
    @Test func aFileThatIsNotMappedIsRead() throws {
        let text = String(repeating: "a line of the state\n", count: 1000)
        try write(text, to: "state")
        let stored = try StoredBytes(mapping: path("state"), maps: false)
        #expect(stored.withUnsafeBytes { Array($0) } == Array(text.utf8))
        try write("", to: "empty")
        #expect(try StoredBytes(mapping: path("empty"), maps: false).count == 0)
    }

    @Test func anEmptyFileMapsToNoBytes() throws {
        try write("", to: "state")
        let stored = try StoredBytes(mapping: path("state"))
        #expect(stored.count == 0)
        var reader = BinaryReader(stored)
        #expect(reader.atEnd)
        let number = reader.integer()
        let text = reader.string()
        #expect(number == nil && text == nil)
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: FileSystemError.self) { try StoredBytes(mapping: path("missing")) }
    }

    /// sitegen replaces its state by unlinking it and renaming a new file in (or renaming one
    /// over it); what still holds the old one's mapping sees the old bytes whole.
    @Test func aMappedFileReplacedStillReadsAsItWas() throws {
        let first = "the first state, long enough to span its own words\n"
        try write(first, to: "state")
        let stored = try StoredBytes(mapping: path("state"))
        try write("the second\n", to: "state.new")
        #expect(unlink(path("state")) == 0)
        #expect(rename(path("state.new"), path("state")) == 0)
        let again = try StoredBytes(mapping: path("state"))
        try write("the third\n", to: "state.new")
        #expect(rename(path("state.new"), path("state")) == 0)
        #expect(stored.withUnsafeBytes { Array($0) } == Array(first.utf8))
        #expect(again.withUnsafeBytes { Array($0) } == Array("the second\n".utf8))
    }

    @Test func aSliceOutlivesItsReaderAndIsWrittenAgainAsItWas() throws {
        var writer = BinaryWriter()
        writer.string("kept")
        writer.fixed(UInt64(42))
        let slice: StoredBytes.Slice
        do {
            var reader = BinaryReader(writer.bytes)
            let text = reader.string()
            #expect(text == "kept")
            slice = reader.bytes(since: 0)
        }
        var again = BinaryWriter()
        again.raw(slice)
        #expect(again.bytes == Array(writer.bytes.prefix(5)))
    }
}
