import Foundation
import Testing

/// A key given twice in front matter or in site.yml is an error at its second
/// occurrence, for `build`, `check` and `edit` alike: YAML readers disagree on
/// which of the two wins, so sitegen takes neither.
@Suite struct DuplicateKeyTests {
    private let post = "---\nusername: kim\ntitle: A\ntitle: B\n---\nBody.\n"
    private let message =
        "content/posts/a.md:4:1: error: invalid YAML in front matter: key \"title\" is given twice (first on line 3); remove one of them"

    @Test func buildAndCheckReportTheSecondOccurrence() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/a.md", post)
        for command in ["build", "check"] {
            let run = try site.sitegen(command)
            #expect(run.status == 1, "\(command)")
            #expect(run.stderr.contains(message + "\n"), "\(command): \(run.stderr)")
        }
        #expect(!site.exists("public"))
    }

    @Test func editRefusesAFileWithADuplicateKeyAndWritesNothing() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/a.md", post)
        let before = try site.identity("content/posts/a.md")
        let run = try site.sitegen("edit", "content/posts/a.md", "--set", "title=C")
        #expect(run.status == 1)
        #expect(run.stderr.contains(message + "\n"), "\(run.stderr)")
        #expect(try site.identity("content/posts/a.md") == before)
    }

    @Test func aNestedDuplicateKeyInSiteYmlIsAnError() throws {
        let site = try TempSite.sample()
        try site.write("site.yml", "title: Club\nstrings:\n  posts: Posts\n  posts: Notes\n")
        let run = try site.sitegen("check")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "site.yml:4:3: error: invalid YAML: key \"posts\" is given twice (first on line 3); remove one of them\n"
            ), "\(run.stderr)")
    }
}
