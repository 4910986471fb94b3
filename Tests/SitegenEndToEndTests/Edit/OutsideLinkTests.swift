import Foundation
import Testing

/// Every write path (`new`, `edit`, `primes`, the preview's API) refuses a
/// target reached through a symbolic link that leads out of the site, with the
/// link's place, and writes nothing anywhere.
@Suite struct OutsideLinkTests {
    /// A sample site whose `content/profiles` is a link to a folder outside it (holding a copy of its profiles).
    private func siteWithProfilesOutside() throws -> (site: TempSite, outside: TempSite) {
        let site = try TempSite.sample()
        let outside = try TempSite.with(["profiles/kim.md": try site.read("content/profiles/kim.md")])
        try FileManager.default.removeItem(at: site.url("content/profiles"))
        try FileManager.default.createSymbolicLink(
            at: site.url("content/profiles"), withDestinationURL: outside.url("profiles"))
        return (site, outside)
    }

    private func refusal(_ outside: TempSite, _ sitePath: String) -> String {
        let real = realPath(outside.url("profiles").path)
        return
            "content/profiles: error: symbolic link leads outside the site folder (to \(real)); nothing is written through it (\(sitePath))\n"
    }

    @Test func newWritesNothingThroughALinkOutOfTheSite() throws {
        let (site, outside) = try siteWithProfilesOutside()
        let run = try site.sitegen("new", "profile", "--name", "Lee", "--bio", "Hi.")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix(refusal(outside, "content/profiles/lee.md")), "\(run.stderr)")
        #expect(try outside.names(in: "profiles") == ["kim.md"])
    }

    @Test func editWritesNothingThroughALinkOutOfTheSite() throws {
        let (site, outside) = try siteWithProfilesOutside()
        let before = try outside.read("profiles/kim.md")
        let run = try site.sitegen("edit", "content/profiles/kim.md", "--set", "bio=Changed")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix(refusal(outside, "content/profiles/kim.md")), "\(run.stderr)")
        #expect(try outside.read("profiles/kim.md") == before)
        #expect(try outside.names(in: "profiles") == ["kim.md"])
    }

    @Test func primesWritesNothingThroughALinkOutOfTheSite() throws {
        let site = try TempSite.sample()
        let outside = try TempSite.with(["primes.md": try site.read("content/primes.md")])
        let before = try outside.read("primes.md")
        try FileManager.default.removeItem(at: site.url("content/primes.md"))
        try FileManager.default.createSymbolicLink(
            at: site.url("content/primes.md"), withDestinationURL: outside.url("primes.md"))
        let run = try site.sitegen("primes", "count", "11")
        #expect(run.status == 1)
        let real = realPath(outside.url("primes.md").path)
        #expect(
            run.stderr.hasPrefix(
                "content/primes.md: error: symbolic link leads outside the site folder (to \(real)); nothing is written through it (content/primes.md)\n"
            ), "\(run.stderr)")
        #expect(try outside.read("primes.md") == before)
    }

    /// The folder becomes a link while the preview runs (a branch checked out meanwhile).
    @Test func theAPIWritesNothingThroughALinkOutOfTheSite() throws {
        let site = try TempSite.sample()
        let preview = try PreviewProcess(site)
        let page = try preview.request("/").text
        let token = try #require(page.firstMatch(of: /<meta name="sitegen-token" content="([0-9a-f]{32})">/)).1
        let outside = try TempSite.with(["profiles/kim.md": try site.read("content/profiles/kim.md")])
        try FileManager.default.removeItem(at: site.url("content/profiles"))
        try FileManager.default.createSymbolicLink(
            at: site.url("content/profiles"), withDestinationURL: outside.url("profiles"))
        let before = try outside.read("profiles/kim.md")
        func post(_ name: String, _ json: [String: Any]) throws -> HTTPReply {
            try preview.request(
                "/_sitegen/api/" + name, method: "POST",
                headers: ["X-Sitegen-Token": String(token), "Content-Type": "application/json"],
                body: try JSONSerialization.data(withJSONObject: json))
        }
        let new = try post("new", ["kind": "profile", "fields": ["name": "Lee", "bio": "Hi."]])
        #expect(new.status == 422, "\(new.text)")
        #expect(new.text.contains("symbolic link leads outside the site folder"), "\(new.text)")
        let edit = try post("edit", ["path": "content/profiles/kim.md", "version": "0", "fields": ["bio": "Changed"]])
        #expect(edit.status == 403, "\(edit.text)")
        #expect(try outside.read("profiles/kim.md") == before)
        #expect(try outside.names(in: "profiles") == ["kim.md"])
        #expect(preview.stop() == 0)
    }
}

/// The real path of `path` (the temp folder may itself be reached through a link).
private func realPath(_ path: String) -> String {
    URL(fileURLWithPath: path).resolvingSymlinksInPath().path
}
