import Foundation
import Testing

/// On a file system whose timestamps have whole seconds (ext2 with 128-byte
/// inodes, like FAT and some network file systems), a hand edit made in the
/// same second as a build's own writes must still be seen by the next build.
@Suite struct CoarseClockTests {
    /// An ext2 image with 1-second timestamps, loop-mounted for one test (needs root), unmounted when done.
    final class CoarseDisk {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sitegen-coarse-\(UUID().uuidString)")
        private let image: URL
        private(set) var mounted = false

        init() {
            image = folder.appendingPathExtension("img")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data().write(to: image)
            guard let handle = try? FileHandle(forWritingTo: image) else { return }
            try? handle.truncate(atOffset: 24 << 20)
            try? handle.close()
            mounted =
                Self.run("/usr/sbin/mkfs.ext2", ["-q", "-F", "-I", "128", image.path]) == 0
                && Self.run("/bin/mount", ["-o", "loop", image.path, folder.path]) == 0
        }

        deinit {
            if mounted { _ = Self.run("/bin/umount", [folder.path]) }
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: image)
        }

        static func run(_ tool: String, _ arguments: [String]) -> Int32 {
            DiskFullTests.SmallDisk.run(tool, arguments)
        }
    }

    static let canMount: Bool = CoarseDisk().mounted

    @Test(.enabled(if: canMount, "needs root and a loop device to mount an ext2 image"))
    func aSameSecondHandEditOfThePublishedSiteIsUndoneByTheNextBuild() throws {
        let disk = CoarseDisk()
        let site = try TempSite.sample(under: disk.folder)
        #expect(try site.sitegen("build", "--quiet").status == 0)
        var status = stat()
        // Whole seconds.
        #expect(stat(site.url("public/index.html").path, &status) == 0 && status.st_ctim.tv_nsec == 0)
        for round in 1...4 {
            try site.write("content/posts/me-too.md", try site.read("content/posts/me-too.md") + "\nRound \(round).\n")
            #expect(try site.sitegen("build", "--quiet").status == 0)
            // At once, so in the second of the build's last writes unless the build waited it out.
            let original = try site.read("public/posts/scrum-study/index.html")
            try site.write("public/posts/scrum-study/index.html", String(original.reversed()))  // Same size.
            chmod(site.url("public/menu/index.html").path, 0o600)
            #expect(try site.sitegen("build", "--quiet").status == 0)
            #expect(try site.read("public/posts/scrum-study/index.html") == original, "round \(round)")
            #expect(
                stat(site.url("public/menu/index.html").path, &status) == 0 && status.st_mode & 0o777 == 0o644,
                "round \(round)")
            try site.expectSameAsCleanBuild("round \(round)")
        }
    }

    @Test(.enabled(if: canMount, "needs root and a loop device to mount an ext2 image"))
    func aKeptEntryRemovedFromSiteYmlInTheSameSecondLeavesTheOutput() throws {
        let disk = CoarseDisk()
        try KeptEntryTests.expectNestedKeptEntryGoes(in: try TempSite.sample(under: disk.folder))
    }
}
