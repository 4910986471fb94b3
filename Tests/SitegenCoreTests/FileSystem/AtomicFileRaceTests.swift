import Foundation
import Synchronization
import TestTimeLimits
import Testing

@testable import SitegenCore

/// `AtomicFile.replace` racing an editor that saves the same file (temp file
/// and rename, as editors do) as fast as it can: no save may be lost.
@Suite struct AtomicFileRaceTests {
    /// The editor works as editors do: it keeps its own copy of the text, adds a
    /// token to it (`s17;`) and saves the whole copy (temp file and rename), over and
    /// over; it never reads the file again. Each edit adds a token of its own
    /// (`e4;`) to the bytes it read. An edit may be overwritten by the editor's next
    /// save, but a save is lost exactly when an edit replaced it without having read
    /// it: then the final file lacks that save's token (the editor's later saves hold
    /// every token, an edit's replacement those of the saves it read). So every
    /// save's token must be in the final file, in order.
    @Test func noEditorSaveIsLostToAConcurrentReplace() throws {
        // In memory where the system has it: without the disk's latency the two race many times a millisecond.
        let folder = try ScratchFolder(in: FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : nil)
        // Long enough that comparing it takes a while, short enough that edits get through between saves.
        let initial = String(repeating: "x", count: 32 * 1024) + ";"
        try folder.write("a.md", initial)
        let path = folder.path + "/a.md"
        let editorTemp = folder.path + "/.a.md.editor-swap"
        let stop = Atomic<Bool>(false)
        let saves = Atomic<Int>(0)
        let editor = Thread {
            var count = 0
            var text = Array(initial.utf8)
            while !stop.load(ordering: .relaxed) {
                count += 1
                text += Array("s\(count);".utf8)
                let descriptor = open(editorTemp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                rename(editorTemp, path)
                saves.store(count, ordering: .relaxed)
                usleep(UInt32.random(in: 0...400))
            }
        }
        editor.start()
        var edits = 0
        var refused = 0
        let started = Date()
        var round = 0
        while round < 6000 && Date().timeIntervalSince(started) < TimeLimits.seconds(4) {
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
