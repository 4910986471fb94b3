import Foundation
import Testing

@testable import SitegenCore

/// The lock file names its holder, written in place at a fixed length, so a
/// build that finds the lock taken can say which process holds it.
@Suite struct BuildLockTests {
    private static func folder() throws -> (root: String, output: OutputFolder) {
        let root = NSTemporaryDirectory() + "sitegen-lock-\(UUID().uuidString)"
        let output = OutputFolder(path: root + "/public")
        try FileManager.default.createDirectory(atPath: output.path, withIntermediateDirectories: true)
        return (root, output)
    }

    private static func text(of output: OutputFolder) -> String? {
        FileManager.default.contents(atPath: output.statePath + "/lock").map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theHolderIsNamedAndABuildThatWillNotWaitIsToldWho() throws {
        let (root, output) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pid = String(getpid())
        let expected = String(repeating: "0", count: BuildLock.recordSize - 1 - pid.count) + pid + "\n"
        do {
            let held = try BuildLock(for: output, contention: .fail)
            #expect(Self.text(of: output) == expected)
            // Another open file of the lock is another lock, even in one process.
            #expect(BuildLock.ifFree(for: output) == nil)
            do {
                _ = try BuildLock(for: output, contention: .fail)
                Issue.record("the lock was taken twice")
            } catch let other as BuildLock.Held {
                #expect(other.holder == getpid())
            }
            withExtendedLifetime(held) {}
        }
        #expect(BuildLock.ifFree(for: output) != nil, "closing the file let the lock go")
    }

    @Test func aLongerFileLeftInThePlaceOfTheLockIsCutToTheHoldersRecord() throws {
        let (root, output) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: output.statePath, withIntermediateDirectories: true)
        try Data(String(repeating: "not a process id\n", count: 10).utf8).write(
            to: URL(fileURLWithPath: output.statePath + "/lock"))
        let held = try BuildLock(for: output, contention: .fail)
        #expect(Self.text(of: output)?.count == BuildLock.recordSize)
        #expect(Int32(Self.text(of: output)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") == getpid())
        withExtendedLifetime(held) {}
    }

    @Test func aHolderRecordThatCannotBeWrittenIsAnError() throws {
        let (root, output) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: output.statePath, withIntermediateDirectories: true)
        // A lock file on a device that takes no bytes: the lock is taken, the record cannot be written.
        try FileManager.default.createSymbolicLink(atPath: output.statePath + "/lock", withDestinationPath: "/dev/full")
        do {
            _ = try BuildLock(for: output, contention: .fail)
            Issue.record("a lock whose record was not written was taken")
        } catch let error as FileSystemError {
            #expect(error.description == output.statePath + "/lock: No space left on device")
        }
    }
}
