import Foundation
import Testing

/// `sitegen edit --set KEY=…` sets only fields the item's kind declares: a
/// misspelled key is refused with the field it most likely meant, the file
/// untouched; `--force` writes it anyway (for the site's own templates).
@Suite struct EditUndeclaredFieldTests {
    private let post = "---\nusername: kim\ntitle: Hi\n---\nBody.\n"

    @Test func aMisspelledFieldIsRefusedWithDidYouMean() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/x.md", post)
        let before = try site.identity("content/posts/x.md")
        Thread.sleep(forTimeInterval: 0.01)
        let run = try site.sitegen("edit", "posts/x", "--set", "titel=x")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "content/posts/x.md:1:1: error: a post has no field \"titel\"; did you mean \"title\"? (--force writes it anyway, for a field the site's own templates read)\n"
            ), "\(run.stderr)")
        #expect(try site.identity("content/posts/x.md") == before)
    }

    @Test func forceWritesAFieldTheKindDoesNotDeclare() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/x.md", post)
        let run = try site.sitegen("edit", "posts/x", "--set", "subtitle=More", "--force")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/posts/x.md") == "---\nusername: kim\ntitle: Hi\nsubtitle: More\n---\nBody.\n")
        #expect(run.stderr.contains("warning: a post has no field \"subtitle\"; it is ignored"))
    }

    @Test func helpNamesForce() throws {
        let run = try Sitegen.run(["edit", "--help"])
        #expect(run.stdout.contains("--force           set fields the item's kind does not declare"))
    }
}
