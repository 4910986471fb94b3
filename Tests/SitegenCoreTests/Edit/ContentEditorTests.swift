import Foundation
import Testing

@testable import SitegenCore

@Suite struct ContentEditorTests {
    private func site(_ text: String) throws -> (ScratchFolder, EditTarget) {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path + "/content/posts", withIntermediateDirectories: true)
        try folder.write("content/posts/x.md", text)
        return (folder, try EditTarget.locate("posts/x", siteRoot: folder.path, currentFolder: folder.path))
    }

    private let retitle = EditRequest(assignments: [.init(key: "title", value: "New")])

    @Test func anEditReplacesTheFile() throws {
        let (folder, target) = try site("---\nusername: u\ntitle: Old\n---\nBody\n")
        let outcome = try ContentEditor(siteRoot: folder.path).edit(target, retitle)
        #expect(outcome.changed)
        #expect(try folder.read("content/posts/x.md") == "---\nusername: u\ntitle: New\n---\nBody\n")
    }

    @Test func aChangeOnDiskBetweenReadAndReplaceIsNotOverwritten() throws {
        let (folder, target) = try site("---\nusername: u\ntitle: Old\n---\nBody\n")
        var editor = ContentEditor(siteRoot: folder.path)
        let path = folder.path + "/content/posts/x.md"
        editor.beforeReplace = {
            // Another writer saves the file after sitegen read it.
            try? Data("---\nusername: u\ntitle: Theirs\n---\nBody\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect {
            try editor.edit(target, retitle)
        } throws: { error in
            guard case .changedOnDisk(let path) = error as? EditFailure else { return false }
            return path == "content/posts/x.md"
                && "\(error)"
                    == "content/posts/x.md changed on disk since it was read; nothing was written — run the edit again"
        }
        #expect(try folder.read("content/posts/x.md") == "---\nusername: u\ntitle: Theirs\n---\nBody\n")
        #expect(try folder.names() == ["content"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/content/posts") == ["x.md"])
    }

    @Test func anEditThatChangesNothingDoesNotWrite() throws {
        let (folder, target) = try site("---\nusername: u\ntitle: New\n---\n")
        var editor = ContentEditor(siteRoot: folder.path)
        editor.beforeReplace = { Issue.record("nothing should be written") }
        #expect(try editor.edit(target, retitle).changed == false)
    }

    @Test func aFileNamedInManyWaysIsTheSameTarget() throws {
        let (folder, target) = try site("---\nusername: u\n---\n")
        for name in [
            "posts/x", "posts/x.md", "content/posts/x", "content/posts/x.md", folder.path + "/content/posts/x.md",
        ] {
            let found = try EditTarget.locate(name, siteRoot: folder.path, currentFolder: "/")
            #expect(found.sitePath == target.sitePath && found.kind == .post && found.slug == "x", "\(name)")
        }
    }

    @Test func aFileOutsideContentIsNotATarget() throws {
        let (folder, _) = try site("---\nusername: u\n---\n")
        try folder.write("notes.md", "x")
        #expect(throws: EditFailure.self) {
            try EditTarget.locate("notes.md", siteRoot: folder.path, currentFolder: folder.path)
        }
        #expect(throws: EditFailure.self) {
            try EditTarget.locate("posts/missing", siteRoot: folder.path, currentFolder: folder.path)
        }
    }
}

@Suite struct EditTargetTests {
    @Test func aFileInContentWinsOverOneOfTheSameNameBesideIt() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/content", withIntermediateDirectories: true)
        try folder.write("about.md", "not content")
        try folder.write("content/about.md", "content")
        let target = try EditTarget.locate("about", siteRoot: folder.path, currentFolder: folder.path)
        #expect(target.sitePath == "content/about.md" && target.kind == .page && target.slug == "about")
    }
}
