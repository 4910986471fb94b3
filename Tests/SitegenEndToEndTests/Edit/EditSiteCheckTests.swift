import Foundation
import Testing

/// An edit is checked with the rules `check` applies to the item across the
/// site, and refused with `check`'s located message when it would break it:
/// a body with a broken link, an alias onto another page or onto its own. The
/// file stays as it was; `new` is held to the same rules.
@Suite struct EditSiteCheckTests {
    private let post = "---\nusername: kim\ntitle: Hi\n---\nBody.\n"

    private func expectRefusal(
        _ arguments: [String], message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let site = try TempSite.sample()
        try site.write("content/posts/x.md", post)
        let before = try site.identity("content/posts/x.md")
        Thread.sleep(forTimeInterval: 0.01)  // a write would show as a later modification time
        let run = try site.sitegen(["edit", "posts/x"] + arguments)
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(run.stderr == message, "stderr was: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(
            try site.identity("content/posts/x.md") == before, "the file was touched", sourceLocation: sourceLocation)
        #expect(try site.sitegen("check").status == 0, sourceLocation: sourceLocation)
    }

    @Test func aBodyWithABrokenLinkIsRefused() throws {
        try expectRefusal(
            ["--body", "See [x](/nowhere/) and [y](../about.md#nope).\n"],
            message: """
                content/posts/x.md:5:5: error: broken link /nowhere/: no page or file of this site is at /nowhere/
                content/posts/x.md:5:24: error: broken link ../about.md#nope: content/about.md has no heading or footnote with the id "nope"
                2 errors in 1 file; nothing was written

                """)
    }

    @Test func anAliasOntoAnotherPageIsRefused() throws {
        try expectRefusal(
            ["--add", "aliases=/about/"],
            message: """
                content/posts/x.md: error: alias /about/ would be written to about/index.html, where the page of content/about.md is; remove it
                1 error in 1 file; nothing was written

                """)
    }

    @Test func anAliasOntoItsOwnPageIsRefused() throws {
        try expectRefusal(
            ["--set", "aliases=[/posts/x/]"],
            message: """
                content/posts/x.md: error: alias /posts/x/ would be written to posts/x/index.html, where this file's own page is; remove it
                1 error in 1 file; nothing was written

                """)
    }

    @Test func aBodyWhoseLinksArriveIsWritten() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/x.md", post)
        let run = try site.sitegen("edit", "posts/x", "--body", "See [about](/about/) and [the post](x.md).\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/posts/x.md").hasSuffix("See [about](/about/) and [the post](x.md).\n"))
    }

    @Test func newRefusesABodyWithABrokenLink() throws {
        let site = try TempSite.sample()
        let names = try site.names(in: "content/posts")
        let run = try site.sitegen("new", "post", "--username", "kim", "--title", "T", "[x](/nowhere/)")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "content/posts/t.md:6:1: error: broken link /nowhere/: no page or file of this site is at /nowhere/\n"),
            "\(run.stderr)")
        #expect(try site.names(in: "content/posts") == names)
    }
}
