import Foundation
import Testing

@testable import SitegenCore

/// The watcher looks again only at the paths events name; what it then knows
/// must be what a whole scan would see.
@Suite struct WatchedFilesTests {
    private let scratch: ScratchFolder
    private var root: String { scratch.path }

    init() throws {
        scratch = try ScratchFolder()
        for folder in ["content/posts", "templates", "static/images"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try write("site.yml", "title: t\n")
        try write("content/posts/a.md", "a")
        try write("static/images/x.png", "x")
    }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
    }

    /// Applies `change`, refreshes `paths` and expects a whole scan's view.
    private func expectRefresh(
        _ paths: Set<String>, after change: () throws -> Void, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        var known = WatchedFiles.scan(root)
        try change()
        known.refresh(paths, siteRoot: root)
        let scan = WatchedFiles.scan(root)
        #expect(
            known == scan, "\(known.files.keys.sorted()) vs \(scan.files.keys.sorted())", sourceLocation: sourceLocation
        )
        #expect(Set(known.folders) == Set(scan.folders), sourceLocation: sourceLocation)
    }

    @Test func aWrittenFileIsStatedAgain() throws {
        try expectRefresh(["content/posts/a.md"]) { try write("content/posts/a.md", "longer text") }
    }

    @Test func aSaveByRenameReplacesTheFile() throws {
        try expectRefresh(["content/posts/a.md", "content/posts/.a.md.swp"]) {
            try write("content/posts/.a.md.swp", "new")
            _ = rename(root + "/content/posts/.a.md.swp", root + "/content/posts/a.md")
        }
    }

    @Test func aNewFolderIsWalkedWithItsFiles() throws {
        var walked: [String] = []
        var known = WatchedFiles.scan(root)
        try FileManager.default.createDirectory(
            atPath: root + "/content/posts/b/deep", withIntermediateDirectories: true)
        try write("content/posts/b/index.md", "b")
        try write("content/posts/b/deep/c.png", "c")
        walked = known.refresh(["content/posts/b"], siteRoot: root)
        #expect(known == WatchedFiles.scan(root))
        #expect(Set(walked) == ["content/posts/b", "content/posts/b/deep"])
    }

    @Test func aRemovedFolderTakesItsFilesAlong() throws {
        try expectRefresh(["static/images"]) { try FileManager.default.removeItem(atPath: root + "/static/images") }
    }

    @Test func aFolderReplacedByAFileAndAFileByAFolder() throws {
        try expectRefresh(["static/images", "content/posts/a.md"]) {
            try FileManager.default.removeItem(atPath: root + "/static/images")
            try write("static/images", "now a file")
            try FileManager.default.removeItem(atPath: root + "/content/posts/a.md")
            try FileManager.default.createDirectory(
                atPath: root + "/content/posts/a.md", withIntermediateDirectories: true)
            try write("content/posts/a.md/inner.txt", "i")
        }
    }

    @Test func removedFilesBrokenLinksAndSiteYML() throws {
        try expectRefresh(["content/posts/a.md", "content/posts/link.md", "site.yml"]) {
            try FileManager.default.removeItem(atPath: root + "/content/posts/a.md")
            try FileManager.default.createSymbolicLink(
                atPath: root + "/content/posts/link.md", withDestinationPath: "gone")
            try write("site.yml", "title: other\n")
        }
    }

    @Test func pathsOutsideTheWatchedFoldersArePassedOver() throws {
        try expectRefresh(["public/index.html", "notes.txt"]) {
            try FileManager.default.createDirectory(atPath: root + "/public", withIntermediateDirectories: true)
            try write("public/index.html", "x")
            try write("notes.txt", "n")
        }
    }

    @Test func aWholeWatchedFolderComingAndGoing() throws {
        try expectRefresh(["templates", "content"]) {
            try FileManager.default.removeItem(atPath: root + "/content")
            try write("templates/page.mustache", "{{title}}")
        }
    }
}
