import Foundation
import Testing

@testable import SitegenCore

/// A temp folder for one test, removed afterwards.
final class ScratchFolder {
    let path: String

    /// A new folder in `parent`, or in the system's temp folder.
    init(in parent: String? = nil) throws {
        let parent = parent.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
        path = parent.appendingPathComponent("sitegen-unit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    func permissions(_ name: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path + "/" + name)[.posixPermissions] as? Int) ?? -1
    }
}

@Suite struct AtomicFileTests {
    @Test func replaceWritesTheNewBytesAndLeavesNoTempFile() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "old\n")
        let snapshot = try AtomicFile.read(folder.path + "/a.md")
        #expect(snapshot.bytes == Array("old\n".utf8))
        try AtomicFile.replace(snapshot, with: Array("new\n".utf8))
        #expect(try folder.read("a.md") == "new\n")
        #expect(try folder.names() == ["a.md"])
    }

    @Test func replaceKeepsThePermissions() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "old\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder.path + "/a.md")
        try AtomicFile.replace(try AtomicFile.read(folder.path + "/a.md"), with: Array("new\n".utf8))
        #expect(try folder.permissions("a.md") == 0o640)
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a file to another owner"))
    func replaceKeepsTheOwnerWhenRunAsRoot() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "old\n")
        #expect(chown(folder.path + "/a.md", 1234, 5678) == 0)
        try AtomicFile.replace(try AtomicFile.read(folder.path + "/a.md"), with: Array("new\n".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/a.md")
        #expect(attributes[.ownerAccountID] as? Int == 1234 && attributes[.groupOwnerAccountID] as? Int == 5678)
    }

    @Test func replaceThroughALinkWritesTheTargetAndKeepsTheLink() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: true)
        try folder.write("real/a.md", "old\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.md", withDestinationPath: "real/a.md")
        try AtomicFile.replace(try AtomicFile.read(folder.path + "/link.md"), with: Array("new\n".utf8))
        #expect(try folder.read("real/a.md") == "new\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/link.md") == "real/a.md")
        #expect(try folder.names() == ["link.md", "real"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/real") == ["a.md"])
    }

    @Test func aChangeOnDiskSinceTheReadIsNotOverwritten() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "old\n")
        let snapshot = try AtomicFile.read(folder.path + "/a.md")
        try folder.write("a.md", "someone else's\n")
        #expect {
            try AtomicFile.replace(snapshot, with: Array("new\n".utf8))
        } throws: { error in
            if case .changedOnDisk = error as? AtomicFile.Failure { return true }
            return false
        }
        #expect(try folder.read("a.md") == "someone else's\n")
        #expect(try folder.names() == ["a.md"])
    }

    @Test func aSameSizeChangeIsNoticedByItsBytes() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "abc\n")
        let snapshot = try AtomicFile.read(folder.path + "/a.md")
        try folder.write("a.md", "xyz\n")
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.replace(snapshot, with: Array("new\n".utf8)) }
        #expect(try folder.read("a.md") == "xyz\n")
    }

    @Test func aFileDeletedSinceTheReadIsNotRecreated() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "old\n")
        let snapshot = try AtomicFile.read(folder.path + "/a.md")
        try FileManager.default.removeItem(atPath: folder.path + "/a.md")
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.replace(snapshot, with: Array("new\n".utf8)) }
        #expect(try folder.names() == [])
    }

    @Test func leftoversOfAKilledRunAreRemovedButALiveTempFileIsKept() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "old\n")
        try folder.write(".a.md.sitegen-00000000deadbeef.tmp", "half")
        try folder.write(".b.md.sitegen-0123456789abcdef.tmp", "live")
        try folder.write(".notes.tmp", "not ours")
        let live = open(folder.path + "/.b.md.sitegen-0123456789abcdef.tmp", O_RDONLY)
        defer { close(live) }
        #expect(flock(live, LOCK_EX) == 0)
        try AtomicFile.replace(try AtomicFile.read(folder.path + "/a.md"), with: Array("new\n".utf8))
        #expect(try folder.names() == [".b.md.sitegen-0123456789abcdef.tmp", ".notes.tmp", "a.md"])
    }

    @Test func createWritesANewFile() throws {
        let folder = try ScratchFolder()
        try AtomicFile.create(folder.path + "/new.md", with: Array("hello\n".utf8))
        #expect(try folder.read("new.md") == "hello\n")
        #expect(try folder.names() == ["new.md"])
    }

    @Test func createNeverReplacesAFileOrALink() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "mine\n")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/dangling.md", withDestinationPath: "nowhere.md")
        for name in ["a.md", "dangling.md"] {
            #expect {
                try AtomicFile.create(folder.path + "/" + name, with: Array("theirs\n".utf8))
            } throws: { error in
                if case .exists = error as? AtomicFile.Failure { return true }
                return false
            }
        }
        #expect(try folder.read("a.md") == "mine\n")
        #expect(try folder.names() == ["a.md", "dangling.md"])
    }

    @Test func tempNamesFollowOnePattern() {
        #expect(AtomicFile.isTempName(".x.md.sitegen-0123456789abcdef.tmp"))
        #expect(!AtomicFile.isTempName(".x.md.sitegen-0123.tmp"))
        #expect(!AtomicFile.isTempName("x.md.sitegen-0123456789abcdef.tmp"))
        #expect(!AtomicFile.isTempName(".sitegen-0123456789abcdef.tmp"))
        #expect(ContentScanner.isTemporary(".x.md.sitegen-0123456789abcdef.tmp"))
    }
}
