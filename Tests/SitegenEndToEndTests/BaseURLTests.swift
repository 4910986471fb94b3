import Foundation
import Testing

/// `base_url` and `--base-url`: an absolute URL or a path; a host name without a
/// scheme is refused where it is written, with the URL it probably means.
@Suite struct BaseURLTests {
    private static let post = "---\nusername: u\n---\nHi\n"

    @Test func aHostWithoutASchemeIsAnErrorAtItsLine() throws {
        for (written, meant) in [
            ("example.org", "https://example.org/"), ("example.org/club", "https://example.org/club/"),
            ("//example.org/", "https://example.org/"),
        ] {
            let site = try TempSite.with([
                "site.yml": "title: T\nbase_url: \(written)\n", "content/posts/a.md": Self.post,
            ])
            for command in ["build", "check"] {
                let run = try site.sitegen(command)
                #expect(run.status == 1, "\(command) \(written)")
                #expect(
                    run.stderr.split(separator: "\n").map(String.init) == [
                        "site.yml:2:11: error: base_url \"\(written)\" has no scheme, so every link would be a path under it; did you mean \(meant)?",
                        command == "build"
                            ? "1 error in 1 file; nothing was written" : "1 error in 1 file; the site would not build",
                    ], "\(command) \(written): \(run.stderr)")
            }
            #expect(!site.exists("public"))
        }
    }

    @Test func aSchemeWithoutAHostIsAnErrorAtItsLine() throws {
        let site = try TempSite.with(["site.yml": "title: T\nbase_url: \"http:/x\"\n", "content/posts/a.md": Self.post])
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "site.yml:2:11: error: base_url \"http:/x\" has a scheme but no host; write an absolute URL like https://example.org/ or a path like /club/\n"
            ), "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func aHostWithoutASchemeOnTheCommandLineIsAUsageError() throws {
        let site = try TempSite.with([
            "site.yml": "title: T\nbase_url: https://example.org/\n", "content/posts/a.md": Self.post,
        ])
        let run = try site.sitegen("build", "--base-url", "example.org")
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "error: --base-url \"example.org\" has no scheme, so every link would be a path under it; did you mean https://example.org/?\n"
            ), "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func anAbsoluteURLAndAPathStillBuild() throws {
        let site = try TempSite.with([
            "site.yml": "title: T\nbase_url: https://example.org/club\n", "content/posts/a.md": Self.post,
        ])
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/feed.xml").contains("<id>https://example.org/club/posts/a/</id>"))
        #expect(try site.read("public/posts/a/index.html").contains("href=\"/club/assets/"))
        #expect(try site.sitegen("build", "--base-url", "/sub/").status == 0)
        #expect(try site.read("public/posts/a/index.html").contains("href=\"/sub/assets/"))
    }
}
