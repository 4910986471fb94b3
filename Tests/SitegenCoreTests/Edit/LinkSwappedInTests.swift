import Foundation
import Testing

@testable import SitegenCore

/// A folder of the site replaced by a symbolic link out of it after the write
/// path checked it (a branch checked out while the preview runs): nothing is
/// written through the link, whenever it appears.
@Suite struct LinkSwappedInTests {
    /// A site with `content/profiles/kim.md` and, outside it, a folder holding the same file.
    private struct Sites: @unchecked Sendable {  // The scratch folder is only read after set-up.
        let scratch: ScratchFolder
        var site: String { scratch.path + "/site" }
        var outside: String { scratch.path + "/outside" }

        init() throws {
            scratch = try ScratchFolder()
            let profile = "---\nname: Kim\nbio: Hi.\n---\n"
            for folder in ["site/content/profiles", "outside/profiles"] {
                try FileManager.default.createDirectory(
                    atPath: scratch.path + "/" + folder, withIntermediateDirectories: true)
                try scratch.write(folder + "/kim.md", profile)
            }
        }

        /// Puts a link to the outside folder where `content/profiles` was (the folder moves aside, inside the site).
        func swapInTheLink() {
            let profiles = site + "/content/profiles"
            #expect(rename(profiles, site + "/profiles-aside") == 0)
            #expect(symlink(outside + "/profiles", profiles) == 0)
        }

        func outsideNames() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: outside + "/profiles").sorted()
        }

        var realOutside: String { DirectoryListing.realPath(outside + "/profiles")! }
    }

    @Test func newChecksTheFolderAgainWhenItWrites() throws {
        let sites = try Sites()
        var creator = ContentCreator(siteRoot: sites.site)
        creator.beforeCreate = { sites.swapInTheLink() }
        let item = NewItem(.profile(name: "Lee", bio: "Hi."), date: ContentDate(parsing: "2025-01-02")!)
        #expect {
            try creator.create(item)
        } throws: { error in
            "\(error)"
                == "content/profiles: error: symbolic link leads outside the site folder (to \(sites.realOutside)); nothing is written through it (content/profiles/lee.md)"
        }
        #expect(try sites.outsideNames() == ["kim.md"])
    }

    @Test func editChecksTheFolderAgainWhenItWrites() throws {
        let sites = try Sites()
        let target = try EditTarget.locate("profiles/kim", siteRoot: sites.site, currentFolder: sites.site)
        var editor = ContentEditor(siteRoot: sites.site)
        editor.beforeReplace = { sites.swapInTheLink() }
        let before = try sites.scratch.read("outside/profiles/kim.md")
        #expect(throws: EditFailure.self) {
            try editor.edit(target, EditRequest(assignments: [.init(key: "bio", value: "Changed")]))
        }
        #expect(try sites.scratch.read("outside/profiles/kim.md") == before)
        #expect(try sites.outsideNames() == ["kim.md"])
    }

    /// The last line of defence: the folder is opened part by part without following a link, so a link
    /// put in place after the caller resolved the real path is refused by the write itself.
    @Test func aCreateIntoAFolderThatBecameALinkIsRefused() throws {
        let sites = try Sites()
        let folder = DirectoryListing.realPath(sites.site + "/content/profiles")!
        sites.swapInTheLink()
        #expect {
            try AtomicFile.create(folder + "/lee.md", with: Array("x".utf8))
        } throws: { error in
            guard case .linkOnTheWay(let path) = error as? AtomicFile.Failure else { return false }
            return path == folder
        }
        #expect(try sites.outsideNames() == ["kim.md"])
    }

    @Test func aReplaceInAFolderThatBecameALinkIsRefused() throws {
        let sites = try Sites()
        let snapshot = try AtomicFile.read(sites.site + "/content/profiles/kim.md")
        sites.swapInTheLink()
        #expect {
            try AtomicFile.replace(snapshot, with: Array("x".utf8))
        } throws: { error in
            guard case .linkOnTheWay = error as? AtomicFile.Failure else { return false }
            return true
        }
        #expect(try sites.scratch.read("outside/profiles/kim.md") == "---\nname: Kim\nbio: Hi.\n---\n")
        #expect(try sites.outsideNames() == ["kim.md"])
    }
}
