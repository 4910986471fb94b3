import Foundation
import Testing

@testable import SitegenCore

/// `FileWriter.writeOver` writes into a file only when it is a regular file
/// with no other name; anything else is replaced by a new file.
@Suite struct FileWriterTests {
    private let folder: ScratchFolder

    init() throws { folder = try ScratchFolder() }

    private func path(_ name: String) -> String { folder.path + "/" + name }

    private func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// Opens a file, to tell afterwards whether it was written in place (still linked) or replaced
    /// (unlinked: inode numbers are no witness, as a freed one is soon used again).
    private func open(_ name: String) throws -> FileHandle {
        try FileHandle(forReadingFrom: URL(fileURLWithPath: path(name)))
    }

    private func links(_ handle: FileHandle) -> Int {
        var status = stat()
        return fstat(handle.fileDescriptor, &status) == 0 ? Int(status.st_nlink) : -1
    }

    @Test func aFileOfItsOwnIsWrittenOverInPlaceToTheNewLength() throws {
        try FileWriter.writeNew(Array("a longer first version\n".utf8), to: path("page.html"))
        let handle = try open("page.html")
        defer { try? handle.close() }
        try FileWriter.writeOver(Array("short\n".utf8), to: path("page.html"))
        #expect(try bytes("page.html") == Array("short\n".utf8))
        #expect(links(handle) == 1)
        #expect(try handle.readToEnd() == Data("short\n".utf8))
        try FileWriter.writeOver(Array("longer again, past the old end\n".utf8), to: path("page.html"))
        #expect(try bytes("page.html") == Array("longer again, past the old end\n".utf8))
        #expect(links(handle) == 1)
    }

    @Test func aFileWithAnotherNameIsReplacedAndTheOtherNameKeepsItsBytes() throws {
        try FileWriter.writeNew(Array("shared\n".utf8), to: path("page.html"))
        try FileManager.default.linkItem(atPath: path("page.html"), toPath: path("live.html"))
        try FileWriter.writeOver(Array("new\n".utf8), to: path("page.html"))
        #expect(try bytes("page.html") == Array("new\n".utf8))
        #expect(try bytes("live.html") == Array("shared\n".utf8))
    }

    @Test func aSymbolicLinkIsReplacedNotFollowed() throws {
        try FileWriter.writeNew(Array("target\n".utf8), to: path("target.html"))
        try FileManager.default.createSymbolicLink(atPath: path("page.html"), withDestinationPath: path("target.html"))
        try FileWriter.writeOver(Array("new\n".utf8), to: path("page.html"))
        #expect(try bytes("target.html") == Array("target\n".utf8))
        #expect(try bytes("page.html") == Array("new\n".utf8))
        let type = try FileManager.default.attributesOfItem(atPath: path("page.html"))[.type] as? FileAttributeType
        #expect(type == .typeRegular)
    }

    @Test func aMissingFileIsCreatedAndAMissingFolderIsAnError() throws {
        try FileWriter.writeOver(Array("new\n".utf8), to: path("page.html"))
        #expect(try bytes("page.html") == Array("new\n".utf8))
        #expect(throws: FileSystemError.self) { try FileWriter.writeOver([1], to: path("missing/page.html")) }
    }
}
