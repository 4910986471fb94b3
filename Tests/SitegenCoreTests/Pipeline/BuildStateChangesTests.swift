import Foundation
import Testing

@testable import SitegenCore

/// A state that changed little since the whole one was stored is stored as its
/// changes, and reads back exactly as it was: entries, pages, trees, the link memo.
@Suite struct BuildStateChangesTests {
    /// An output folder and its staging tree in a temp folder, removed when done.
    final class Folder {
        let root = NSTemporaryDirectory() + "sitegen-changes-\(UUID().uuidString)"
        var output: OutputFolder { OutputFolder(path: root + "/public") }

        init() throws {
            for path in [output.path, output.stagingPath] {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func inode(_ path: String) throws -> UInt64 { try #require(FileStatus(path: path)).inode }
        func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }
    }

    private static func entry(_ number: Int, hash: UInt64 = 1) -> SourceCache.Entry {
        SourceCache.Entry(
            status: FileStatus(size: Int64(number), modified: 1_000, changed: 1_001, inode: UInt64(number)),
            hash: hash, modelHash: 2,
            item: .page(PlainPage(slug: "p\(number)", title: "Page \(number)", description: nil, body: "")),
            warnings: [], excerpt: "<p>\(number)</p>", anchors: ["a\(number)"])
    }

    private static func record(_ fingerprint: UInt64) -> PageRecord {
        let templates = [PageRecord.TemplateUse(name: "page", sourceHash: 9)]
        return PageRecord(
            templates: templates, templatesDigest: PageRecord.digest(of: templates), reads: [], readsDigest: 0,
            lazies: [ReadLog.Lazy(path: nil, key: "item:\(fingerprint)", identity: fingerprint)],
            fingerprint: fingerprint)
    }

    private static func tree(root: UInt64, written: Int64, count: Int) -> TreeRecord {
        var files: [OutputPath: TreeRecord.File] = [:]
        for number in 0..<count {
            files[OutputPath("p\(number)/index.html")] = TreeRecord.File(
                fingerprint: UInt64(number), size: number, trusted: written - Int64(number % 3))
        }
        return TreeRecord(root: root, written: written, files: files)
    }

    /// A whole state of 40 entries, pages and files in each tree, stored and read back.
    private static func storedBase(in folder: Folder) throws -> BuildState {
        var state = BuildState()
        state.sources.written = 5_000_000_000
        state.sources.renderKey = 77
        for number in 0..<40 {
            state.sources.entries["content/p\(number).md"] = entry(number)
            state.pages[OutputPath("p\(number)/index.html")] = record(UInt64(number))
        }
        state.sources.linkCheck = LinkCheckMemo(reach: LinkReach(base: 3, places: [1, 5, 9]), failed: [])
        state.live = tree(root: try folder.inode(folder.output.path), written: 4_000, count: 40)
        state.staging = tree(root: try folder.inode(folder.output.stagingPath), written: 3_000, count: 40)
        try state.store(for: folder.output)
        let read = BuildState.stored(for: folder.output)
        #expect(read.base != nil && read.pages.count == 40)
        return read
    }

    private static func expectSame(_ read: BuildState, _ expected: BuildState, _ comment: Comment) {
        #expect(read.sources.entries.keys.sorted() == expected.sources.entries.keys.sorted(), comment)
        #expect(StableHash.of(read.sources.encoded) == StableHash.of(expected.sources.encoded), comment)
        #expect(read.pages == expected.pages, comment)
        #expect(read.live == expected.live, comment)
        #expect(read.staging == expected.staging, comment)
    }

    @Test func aFewChangesAreStoredAloneAndReadBackAsTheWholeState() throws {
        let folder = try Folder()
        var state = try Self.storedBase(in: folder)
        let whole = folder.bytes(folder.output.stateFilePath)

        // Round 1: an entry changed, one added, one removed; the same for pages and tree files; a later time.
        state.sources.written += 10
        state.sources.entries["content/p1.md"] = Self.entry(1, hash: 99)
        state.sources.entries["content/new.md"] = Self.entry(100)
        state.sources.entries["content/p2.md"] = nil
        state.sources.linkCheck = LinkCheckMemo(reach: LinkReach(base: 3, places: [1, 5]), failed: ["content/p3.md"])
        state.pages["p1/index.html"] = Self.record(1_001)
        state.pages["new/index.html"] = Self.record(1_100)
        state.pages["p2/index.html"] = nil
        var live = try #require(state.live)
        let shift: Int64 = 500
        live.written += shift
        live.files = live.files.mapValues {
            .init(fingerprint: $0.fingerprint, size: $0.size, trusted: $0.trusted + shift)
        }
        live.files["p1/index.html"]?.fingerprint = 1_001
        live.files["p4/index.html"]?.trusted -= 1  // Older than the others now: a change too.
        live.files["new/index.html"] = TreeRecord.File(fingerprint: 1_100, size: 5, trusted: live.written)
        live.files["p2/index.html"] = nil
        state.live = live
        state.staging?.files["p5/index.html"] = nil
        try state.store(for: folder.output)
        #expect(folder.bytes(folder.output.stateFilePath) == whole, "the whole state is left as it was")
        let changes = try #require(folder.bytes(folder.output.changesFilePath))
        #expect(changes.count < 2_000)
        var read = BuildState.stored(for: folder.output)
        Self.expectSame(read, state, "round 1")
        #expect(read.sources.linkCheck == state.sources.linkCheck && read.sources.renderKey == 77)
        #expect(read.sources.written == state.sources.written)
        let edit = LinkCheckMemo.Edit(base: 3, failed: ["content/p3.md"], added: [], removed: [9])
        #expect(BuildState.Changes(parsing: changes)?.linkCheck == .edit(edit), "the memo is stored as the place gone")

        // Round 2, from the state read back: changes are counted from the whole state, not from round 1.
        read.pages["new/index.html"] = nil
        read.live?.files["new/index.html"] = nil
        read.sources.entries["content/p7.md"] = Self.entry(7, hash: 70)
        try read.store(for: folder.output)
        #expect(folder.bytes(folder.output.stateFilePath) == whole)
        let again = BuildState.stored(for: folder.output)
        Self.expectSame(again, read, "round 2")
        #expect(again.sources.entries["content/p1.md"]?.hash == 99 && again.sources.entries["content/p2.md"] == nil)

        // Round 3: what the changes had removed, removed still (found without looking through the whole
        // state), or back again; and more removed besides.
        var third = again
        third.sources.entries["content/p3.md"] = nil
        third.pages["p2/index.html"] = Self.record(2)
        third.pages["p3/index.html"] = nil
        third.live?.files["p3/index.html"] = nil
        try third.store(for: folder.output)
        #expect(folder.bytes(folder.output.stateFilePath) == whole)
        Self.expectSame(BuildState.stored(for: folder.output), third, "round 3")

        // Round 4: only what the changes had removed is gone.
        var fourth = BuildState.stored(for: folder.output)
        fourth.sources.written += 1
        try fourth.store(for: folder.output)
        Self.expectSame(BuildState.stored(for: folder.output), fourth, "round 4")
        let stored = try #require(folder.bytes(folder.output.changesFilePath))
        let lists = try #require(BuildState.Changes(parsing: stored))
        #expect(lists.removedEntries == ["content/p2.md", "content/p3.md"])
        #expect(lists.removedPages == ["p3/index.html"])
        #expect(lists.removedFiles == [["p2/index.html", "p3/index.html"], ["p5/index.html"]])
    }

    @Test func aLinkMemoOfManyPlacesIsStoredAsThePlacesThatMoved() throws {
        let folder = try Folder()
        var state = try Self.storedBase(in: folder)
        let places = (0..<10_000).map { UInt64($0) * 977 }
        state.sources.linkCheck = LinkCheckMemo(reach: LinkReach(base: 3, places: places), failed: [])
        state.sources.written += 1
        try state.store(for: folder.output)
        #expect(folder.bytes(folder.output.changesFilePath) == nil, "a memo of other places: stored whole")
        state = BuildState.stored(for: folder.output)
        let unchanged = state.sources.linkCheck
        // A post added: two places more, one gone.
        let moved = (places.filter { $0 != 977 * 5 } + [3, 977 * 9_999 + 1]).sorted()
        state.sources.linkCheck = LinkCheckMemo(reach: LinkReach(base: 3, places: moved), failed: ["content/p3.md"])
        try state.store(for: folder.output)
        let changes = try #require(folder.bytes(folder.output.changesFilePath))
        #expect(changes.count < 2_000, "\(changes.count) bytes of changes")
        let read = BuildState.stored(for: folder.output)
        #expect(read.sources.linkCheck == state.sources.linkCheck)
        #expect(read.sources.linkCheck?.failed == ["content/p3.md"])
        // Back to the base's memo: stored as the same.
        var back = read
        back.sources.linkCheck = unchanged
        try back.store(for: folder.output)
        #expect(
            BuildState.Changes(parsing: try #require(folder.bytes(folder.output.changesFilePath)))?.linkCheck == .same)
        #expect(BuildState.stored(for: folder.output).sources.linkCheck == unchanged)
    }

    @Test func aStateThatChangedMuchIsStoredWholeAndTheChangesRemoved() throws {
        let folder = try Folder()
        var state = try Self.storedBase(in: folder)
        state.pages["p1/index.html"] = Self.record(1_001)
        try state.store(for: folder.output)
        #expect(folder.bytes(folder.output.changesFilePath) != nil)
        state = BuildState.stored(for: folder.output)
        for number in 0..<40 { state.pages[OutputPath("p\(number)/index.html")] = Self.record(UInt64(2_000 + number)) }
        try state.store(for: folder.output)
        #expect(folder.bytes(folder.output.changesFilePath) == nil)
        Self.expectSame(BuildState.stored(for: folder.output), state, "whole")
    }

    @Test func damagedChangesMeanNoStateAndChangesOfAnotherStateAreIgnored() throws {
        let folder = try Folder()
        var state = try Self.storedBase(in: folder)
        state.pages["p1/index.html"] = Self.record(1_001)
        try state.store(for: folder.output)
        var changes = try #require(folder.bytes(folder.output.changesFilePath))
        changes[changes.count / 2] ^= 0xFF
        try Data(changes).write(to: URL(fileURLWithPath: folder.output.changesFilePath))
        let damaged = BuildState.stored(for: folder.output)
        #expect(damaged.pages.isEmpty && damaged.base == nil && damaged.sources.entries.isEmpty)

        // A whole state written after changes (a build killed before it removed them): they are not laid over it.
        changes[changes.count / 2] ^= 0xFF
        var other = BuildState()
        other.pages = ["other/index.html": Self.record(5)]
        try other.store(for: folder.output)
        try Data(changes).write(to: URL(fileURLWithPath: folder.output.changesFilePath))
        #expect(BuildState.stored(for: folder.output).pages == other.pages)
    }

    @Test func changesAreWrittenOnlyAgainstTheWholeStateThisBuildRead() throws {
        let folder = try Folder()
        var state = try Self.storedBase(in: folder)
        var other = BuildState()  // Another build replaced the whole state meanwhile.
        other.pages = ["other/index.html": Self.record(5)]
        try other.store(for: folder.output)
        state.pages["p1/index.html"] = Self.record(1_001)
        try state.store(for: folder.output)
        #expect(folder.bytes(folder.output.changesFilePath) == nil)
        Self.expectSame(BuildState.stored(for: folder.output), state, "whole")
    }
}
