import Foundation
import Synchronization
import Testing

@testable import SitegenCore

/// `AtomicFile.replace` racing an editor that saves the same file (temp file
/// and rename, as editors do) as fast as it can: no save may be lost.
@Suite struct AtomicFileRaceTests {
    /// The editor reads the file and saves it with a token of its own added
    /// (`s17;`); each edit adds one of its own (`e4;`) to the bytes it read. An
    /// edit may be overwritten by the editor's next save (the editor read before
    /// it), but an editor's save is lost exactly when an edit replaced it without
    /// having read it, so every save's token must be in the final file, in order.
    @Test func noEditorSaveIsLostToAConcurrentReplace() throws {
        // In memory where the system has it: without the disk's latency the two race many times a millisecond.
        let folder = try ScratchFolder(in: FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : nil)
        // A long file: the longer the compare before the swap takes, the more saves land in it.
        try folder.write("a.md", String(repeating: "x", count: 256 * 1024) + ";")
        let path = folder.path + "/a.md"
        let editorTemp = folder.path + "/.a.md.editor-swap"
        let stop = Atomic<Bool>(false)
        let saves = Atomic<Int>(0)
        let editor = Thread {
            var count = 0
            while !stop.load(ordering: .relaxed) {
                count += 1
                let bytes = Self.contents(of: path) + Array("s\(count);".utf8)
                let descriptor = open(editorTemp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                rename(editorTemp, path)
                saves.store(count, ordering: .relaxed)
                if count % 4 == 0 { sched_yield() }
            }
        }
        editor.start()
        var edits = 0
        var refused = 0
        let started = Date()
        var round = 0
        while round < 2000 && Date().timeIntervalSince(started) < 3 {
            round += 1
            if try replaceOnce(path, adding: "e\(round);") { edits += 1 } else { refused += 1 }
        }
        stop.store(true, ordering: .relaxed)
        while !editor.isFinished { usleep(1000) }
        let final = try folder.read("a.md")
        let tokens = final.split(separator: ";").filter { $0.hasPrefix("s") }.map { Int($0.dropFirst())! }
        let lost = Set(1...saves.load(ordering: .relaxed)).subtracting(tokens)
        #expect(
            lost.isEmpty,
            "\(lost.count) saves lost, first \(lost.sorted().prefix(5)) (\(edits) edits written, \(refused) refused)")
        #expect(tokens == tokens.sorted())
        #expect(edits >= 5, "too few edits got through to test the race: \(edits) written, \(refused) refused")
        #expect(try folder.names() == ["a.md"])
    }

    /// Reads the file and replaces it with its bytes plus `token`; `false` when refused as changed on disk.
    private func replaceOnce(_ path: String, adding token: String) throws -> Bool {
        let snapshot = try AtomicFile.read(path)
        do {
            try AtomicFile.replace(snapshot, with: snapshot.bytes + Array(token.utf8))
            return true
        } catch {
            guard case .changedOnDisk = error else { throw error }
            return false
        }
    }

    /// The file's bytes, read as an editor would, without sitegen's code.
    private static func contents(of path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return bytes }
            bytes += buffer[..<count]
        }
    }
}
