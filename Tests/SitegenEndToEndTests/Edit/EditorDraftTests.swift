import Foundation
import Testing

/// `sitegen edit FILE` with no changes: a draft in `$VISUAL`/`$EDITOR`, faked here by shell scripts.
@Suite struct EditorDraftTests {
    private let post = "---\nusername: 프렘\ntitle: Hi\n---\nBody\n"

    private func site(with path: String = "content/posts/x.md", _ text: String? = nil) throws -> TempSite {
        let site = try TempSite.sample()
        try site.write(path, text ?? post)
        return site
    }

    /// Hidden drafts left beside the file.
    private func drafts(_ site: TempSite, in folder: String = "content/posts") throws -> [String] {
        try site.names(in: folder).filter { $0.contains(".sitegen-draft-") }
    }

    @Test func aSavedValidDraftReplacesTheFile() throws {
        let site = try site()
        // An editor given with its own argument, as `code --wait` would be.
        let editor = try site.script(
            "retitle.sh", "[ \"$1\" = --quiet ] || exit 9\nsed -i 's/^title: Hi$/title: Edited/' \"$2\"\n")
        let run = try site.sitegen("edit", "posts/x", environment: ["VISUAL": "", "EDITOR": "\(editor) --quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "saved content/posts/x.md\n")
        #expect(try site.bytes("content/posts/x.md") == Array("---\nusername: 프렘\ntitle: Edited\n---\nBody\n".utf8))
        #expect(try drafts(site) == [])
    }

    @Test func visualIsPreferredOverEditor() throws {
        let site = try site()
        let visual = try site.script("visual.sh", "printf 'More\\n' >> \"$1\"\n")
        let run = try site.sitegen("edit", "posts/x", environment: ["VISUAL": visual, "EDITOR": "false"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.bytes("content/posts/x.md") == Array((post + "More\n").utf8))
    }

    @Test func closingTheEditorWithoutChangesCancels() throws {
        let site = try site()
        let before = try site.identity("content/posts/x.md")
        let run = try site.sitegen("edit", "posts/x", environment: ["VISUAL": "", "EDITOR": "true"])
        #expect(run.status == 0)
        #expect(run.stdout == "cancelled, nothing changed\n")
        #expect(try site.identity("content/posts/x.md") == before)
        #expect(try drafts(site) == [])
    }

    @Test func anEditorThatFailsCancelsAndKeepsWhatWasTyped() throws {
        let site = try site()
        let before = try site.identity("content/posts/x.md")
        let editor = try site.script("crash.sh", "printf 'typed\\n' >> \"$1\"\nexit 3\n")
        let run = try site.sitegen("edit", "posts/x", environment: ["VISUAL": editor])
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "the editor exited with status 3: cancelled, nothing changed\nyour draft is kept at content/posts/.x.sitegen-draft-"
            ))
        #expect(try site.identity("content/posts/x.md") == before)
        let kept = try #require(try drafts(site).first)
        #expect(try site.bytes("content/posts/" + kept) == Array((post + "typed\n").utf8))
    }

    @Test func anInvalidDraftIsKeptAndTheFileIsUntouched() throws {
        let site = try site(with: "content/menu/x.md", "---\nname: X\nprice: 1\n---\n")
        let before = try site.identity("content/menu/x.md")
        let editor = try site.script(
            "typo.sh", "sed -i 's/^price: 1$/price: abc/' \"$1\"\nprintf 'A long description.\\n' >> \"$1\"\n")
        let run = try site.sitegen("edit", "menu/x", environment: ["VISUAL": editor])
        #expect(run.status == 1)
        let kept = try #require(try drafts(site, in: "content/menu").first)
        #expect(
            run.stderr == """
                content/menu/\(kept):3:8: error: price must be a whole number of won, got "abc"
                1 error in 1 file; nothing was written
                your draft is kept at content/menu/\(kept); nothing you typed is lost

                """)
        #expect(try site.identity("content/menu/x.md") == before)
        #expect(
            try site.bytes("content/menu/" + kept) == Array("---\nname: X\nprice: abc\n---\nA long description.\n".utf8)
        )
        // The hidden draft does not disturb a build.
        #expect(try site.sitegen("build").status == 0)
    }

    @Test func aDraftThatChangesTheUsernameIsRefused() throws {
        let site = try site()
        let before = try site.identity("content/posts/x.md")
        let editor = try site.script("rename.sh", "sed -i 's/^username: .*/username: 다른 사람/' \"$1\"\n")
        let run = try site.sitegen("edit", "posts/x", environment: ["VISUAL": editor])
        #expect(run.status == 1)
        #expect(run.stderr.contains(":2:11: error: username cannot be changed after creation\n"))
        #expect(try site.identity("content/posts/x.md") == before)
        #expect(try drafts(site).count == 1)
    }

    @Test func aChangeOnDiskWhileTheEditorIsOpenIsNotOverwritten() throws {
        let site = try site()
        // While the user types in the draft, someone else saves the file itself.
        let editor = try site.script(
            "race.sh", "printf 'mine\\n' >> \"$1\"\nprintf 'theirs\\n' >> \"\(site.url("content/posts/x.md").path)\"\n")
        let run = try site.sitegen("edit", "posts/x", environment: ["VISUAL": editor])
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "error: content/posts/x.md changed on disk since it was read; nothing was written — run the edit again\nyour draft is kept at content/posts/.x.sitegen-draft-"
            ))
        #expect(try site.bytes("content/posts/x.md") == Array((post + "theirs\n").utf8))
        let kept = try #require(try drafts(site).first)
        #expect(try site.bytes("content/posts/" + kept) == Array((post + "mine\n").utf8))
    }

    @Test func aFileThatDoesNotParseCanBeFixedInTheEditor() throws {
        let site = try site("---\nusername: 프렘\ntitle: [unclosed\n---\n")
        let editor = try site.script("fix.sh", "sed -i 's/^title: .*/title: fixed/' \"$1\"\n")
        let run = try site.sitegen("edit", "posts/x", environment: ["VISUAL": editor])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.bytes("content/posts/x.md") == Array("---\nusername: 프렘\ntitle: fixed\n---\n".utf8))
    }
}
