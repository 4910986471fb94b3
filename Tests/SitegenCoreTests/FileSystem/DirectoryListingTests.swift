import Foundation
import Testing

@testable import SitegenCore

/// A folder's entries come sorted as their names sort as Strings, whether
/// every name is ASCII (sorted by bytes) or not.
@Suite struct DirectoryListingTests {
    private let folder: ScratchFolder

    init() throws { folder = try ScratchFolder() }

    private func names(_ created: [String]) throws -> [String] {
        for name in created {
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path + "/" + name))
        }
        return try DirectoryListing.entries(of: folder.path).map(\.name)
    }

    @Test func asciiNamesComeInStringOrder() throws {
        let created = ["b.md", "B.md", "10-x.md", "9-x.md", "_draft.md", "a-b.md", "a.md", "~tilde", "Z"]
        #expect(try names(created) == created.sorted())
    }

    @Test func namesBeyondASCIIComeInStringOrder() throws {
        let created = ["대방어.md", "b.md", "é.md", "e\u{301}z.md", "A.md", "ångström.md"]
        #expect(try names(created) == created.sorted())
    }

    @Test func theKindOfEachEntryIsKept() throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: false)
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path + "/file.md"))
        let entries = try DirectoryListing.entries(of: folder.path)
        #expect(entries.map(\.name) == ["file.md", "sub"])
        #expect(entries.map(\.kind) == [.file, .folder])
    }
}
