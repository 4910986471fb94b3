import Testing
@testable import SitegenCore

@Suite("Rebuild index") struct RebuildIndexTests {
    private static let sample = RebuildIndex(
        siteRoot: "/sites/blog", global: 42, written: 1_700_000_000_000_000_000,
        live: .init(inode: 7, changed: 1_700_000_001_000_000_000), staging: .init(inode: 9, changed: 1_600_000_000_000_000_000),
        pageCount: 3,
        sources: [
            .init(
                path: "content/posts/a.md", status: FileStatus(size: 120, modified: 5, changed: 6, inode: 11), hash: 1,
                modelHash: 2, excerptLimit: 160, excerptHash: 3, inFeed: true, outputs: [1],
                warnings: [.init(path: "content/posts/a.md", line: 3, column: 1, message: "a post has no field \"titel\"")]),
            .init(
                path: "content/menu/b.md", status: FileStatus(size: 80, modified: 7, changed: 8, inode: 12), hash: 4,
                modelHash: 5, excerptLimit: 80, excerptHash: 6, inFeed: false, outputs: [0], warnings: []),
        ],
        contentFolders: [
            .init(path: "content", status: FileStatus(size: 4096, modified: 1, changed: 2, inode: 3)),
            .init(path: "content/gone", status: nil),
        ],
        scanWarnings: [.init(path: "content/notes.txt", line: nil, column: nil, message: "not a Markdown (.md) file; ignored")],
        files: [
            .init(path: "menu/b/index.html", live: .init(fingerprint: 10, size: 100), staging: .init(fingerprint: 10, size: 100)),
            .init(path: "posts/a/index.html", live: .init(fingerprint: 20, size: 200), staging: .init(fingerprint: 21, size: 190)),
        ],
        folders: ["menu", "menu/b", "posts", "posts/a"])

    @Test func theStoredFormReadsBackTheSame() {
        #expect(RebuildIndex(parsing: Self.sample.encoded) == Self.sample)
    }

    @Test func aTruncatedExtendedOrForeignIndexIsRefused() {
        let bytes = Self.sample.encoded
        for length in [0, 10, bytes.count / 2, bytes.count - 1] {
            #expect(RebuildIndex(parsing: Array(bytes.prefix(length))) == nil, "\(length) bytes")
        }
        #expect(RebuildIndex(parsing: bytes + [0]) == nil)
        #expect(RebuildIndex(parsing: Array("sitegen-rebuild 0 0.0.1\n".utf8) + bytes.dropFirst(30)) == nil)
    }

    @Test func anOutputPastTheFilesIsRefused() {
        var index = Self.sample
        index.sources[0].outputs = [2]
        #expect(RebuildIndex(parsing: index.encoded) == nil)
    }
}
