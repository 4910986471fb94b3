import Foundation
import Testing

@testable import SitegenCore

/// What a build no longer wants is moved into the state folder's trash at
/// once, and gone by the time the build returns when it is few items; many
/// are left to the next build, which removes them first.
@Suite struct TrashTests {
    private let folder: ScratchFolder
    private let trash: Trash

    init() throws {
        folder = try ScratchFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path + "/state/staging/posts/a", withIntermediateDirectories: true)
        trash = Trash(statePath: folder.path + "/state")
    }

    private func write(_ path: String) throws {
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path + "/" + path))
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: folder.path + "/" + path) }

    @Test func filesAndTreesAreMovedAtOnceAndRemovedOnceEmptied() throws {
        try write("state/staging/posts/a/index.html")
        try write("state/staging/feed.xml")
        try trash.discard(folder.path + "/state/staging/feed.xml")
        try trash.discard(folder.path + "/state/staging/posts")
        #expect(!exists("state/staging/feed.xml") && !exists("state/staging/posts"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash.path).count == 2)
        trash.empty()
        trash.waitUntilEmpty()
        #expect(!exists("state/trash"))
        #expect(exists("state/staging"))
    }

    @Test func aMissingItemIsNoErrorAndLeavesNoTrash() throws {
        try trash.discard(folder.path + "/state/staging/nothing-here")
        #expect(!exists("state/trash"))
        trash.empty()
        trash.waitUntilEmpty()
    }

    @Test func whatAKilledBuildLeftIsRemovedByTheNext() throws {
        try FileManager.default.createDirectory(atPath: trash.path + "/99-1-1/deep", withIntermediateDirectories: true)
        try write("state/trash/99-1-1/deep/page.html")
        try write("state/trash/99-1-2")
        trash.emptyLeftovers()
        trash.waitBeforeReturning()
        #expect(!exists("state/trash"))
    }

    @Test func aBuildRemovesOnlyItsOwnDiscardsAndWaitsForFew() throws {
        try FileManager.default.createDirectory(atPath: trash.path, withIntermediateDirectories: true)
        try write("state/trash/99-1-1")  // An earlier build's, not asked for here.
        try write("state/staging/feed.xml")
        try trash.discard(folder.path + "/state/staging/feed.xml")
        trash.empty()
        trash.waitBeforeReturning()
        #expect(try FileManager.default.contentsOfDirectory(atPath: trash.path) == ["99-1-1"])
    }

    @Test func manyDiscardsAreLeftToTheNextBuildWhichRemovesThem() throws {
        for number in 0...Trash.removedBeforeReturning {
            try write("state/staging/\(number).html")
            try trash.discard(folder.path + "/state/staging/\(number).html")
        }
        trash.empty()
        trash.waitBeforeReturning()  // Does not wait for them: some may still be there.
        let next = Trash(statePath: folder.path + "/state")
        next.emptyLeftovers()
        next.waitBeforeReturning()
        trash.waitUntilEmpty()
        #expect(!exists("state/trash"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state/staging") == ["posts"])
    }
}
