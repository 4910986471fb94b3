import Foundation
import Testing

/// The rules of list fields, the same for `edit`, `new` and `build`: favorites
/// are set and changed as lists of numbers (and checked with `build`'s words),
/// and two tags that differ only in case or Unicode normalization are one tag,
/// refused as a duplicate everywhere.
@Suite struct EditListValidationTests {
    private let primes = "---\ncount: 7\nfavorites: [2, 3]\n---\nCount up.\n"
    private let post = "---\nusername: kim\ntitle: Hi\ntags: [study]\n---\nBody.\n"

    /// Runs `sitegen edit FILE arguments` on a sample site holding `text` at `path`.
    private func edit(_ path: String, _ text: String, _ arguments: [String]) throws -> (RunResult, TempSite) {
        let site = try TempSite.sample()
        try site.write(path, text)
        return (try Sitegen.run(["edit", path] + arguments, in: site.root), site)
    }

    private func expectRefusal(
        _ path: String, _ text: String, _ arguments: [String], message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let site = try TempSite.sample()
        try site.write(path, text)
        let before = try site.identity(path)
        Thread.sleep(forTimeInterval: 0.01)  // a write would show as a later modification time
        let run = try Sitegen.run(["edit", path] + arguments, in: site.root)
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(run.stderr.hasPrefix(message + "\n"), "stderr was: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(try site.identity(path) == before, "the file was touched", sourceLocation: sourceLocation)
    }

    @Test func favoritesAreSetAsAListOfNumbers() throws {
        let (run, site) = try edit("content/primes.md", primes, ["--set", "favorites=[2, 3, 5]"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/primes.md") == "---\ncount: 7\nfavorites: [2, 3, 5]\n---\nCount up.\n")
        #expect(try site.sitegen("check").status == 0)
    }

    @Test func aFavoriteIsAddedAndRemovedAsANumber() throws {
        let (run, site) = try edit("content/primes.md", primes, ["--add", "favorites=11", "--remove", "favorites=2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/primes.md") == "---\ncount: 7\nfavorites: [3, 11]\n---\nCount up.\n")
    }

    @Test func aFavoriteThatIsNotPrimeGetsBuildsMessage() throws {
        try expectRefusal(
            "content/primes.md", primes, ["--set", "favorites=[2, 8]"],
            message: "content/primes.md:3:16: error: favorite 8 is not prime")
        try expectRefusal(
            "content/primes.md", primes, ["--add", "favorites=9"],
            message: "content/primes.md:3:19: error: favorite 9 is not prime")
    }

    @Test func aFavoriteListedTwiceGetsBuildsMessage() throws {
        try expectRefusal(
            "content/primes.md", primes, ["--set", "favorites=[5, 5]"],
            message: "content/primes.md:3:16: error: favorite 5 is listed twice (first on line 3)")
        try expectRefusal(
            "content/primes.md", primes, ["--add", "favorites=3"],
            message: "content/primes.md:3:16: error: favorites already holds \"3\"")
    }

    @Test func aTagDifferingOnlyInCaseIsRefusedByAdd() throws {
        try expectRefusal(
            "content/posts/x.md", post, ["--add", "tags=STUDY"],
            message: "content/posts/x.md:4:8: error: tags already holds \"STUDY\"")
    }

    @Test func tagsDifferingOnlyInCaseOrNormalizationAreRefusedBySet() throws {
        try expectRefusal(
            "content/posts/x.md", post, ["--set", "tags=[Study, STUDY]"],
            message: "content/posts/x.md:4:1: error: tags would hold \"STUDY\" twice")
        try expectRefusal(
            "content/posts/x.md", post, ["--set", "tags=[caf\u{E9}, cafe\u{301}]"],
            message: "content/posts/x.md:4:1: error: tags would hold \"cafe\u{301}\" twice")
    }

    @Test func newRefusesTagsDifferingOnlyInCase() throws {
        let site = try TempSite.sample()
        let names = try site.names(in: "content/posts")
        let run = try site.sitegen("new", "post", "--username", "kim", "--title", "T", "--tags", "study,STUDY")
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "error: --tags names \"study\" and \"STUDY\", which are one tag: they differ only in case or Unicode normalization; keep one\n"
            ), "\(run.stderr)")
        #expect(try site.names(in: "content/posts") == names)
    }

    @Test func buildAndCheckRefuseAPostWithOneTagWrittenTwoWays() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/x.md", "---\nusername: kim\ntags: [study, STUDY, study]\n---\nBody.\n")
        for command in ["build", "check"] {
            let run = try site.sitegen(command)
            #expect(run.status == 1, "\(command)")
            #expect(
                run.stderr.contains(
                    "content/posts/x.md:3:15: error: tags holds \"STUDY\" and \"study\" (line 3), which are one: they differ only in case or Unicode normalization; keep one\n"
                ), "\(command): \(run.stderr)")
            #expect(
                run.stderr.contains("content/posts/x.md:3:22: error: tags holds \"study\" twice (first on line 3)\n"),
                "\(command): \(run.stderr)")
        }
    }
}
