import Foundation
import Testing

/// The preview's editing controls: pages built for the preview (`editControls`)
/// carry them, `sitegen build` output never does, and switching them on or off
/// between builds gives a clean build's bytes.
@Suite struct EditControlsTests {
    /// What only the controls' markup holds: the script, its API, their forms, dialog,
    /// data attributes and classes (the stylesheet has the classes, never `class="…`).
    private static let markers = [
        "_sitegen", "sitegen-token", "sitegen-edit", "data-edit", "data-source", "data-step", "data-favorite",
        "data-primes", "class=\"edit-", "<form", "<dialog", "<button",
    ]

    /// The sample site, with a default username for new posts.
    private static func site() throws -> TempSite {
        let site = try TempSite.sample()
        try site.write("site.yml", try site.read("site.yml") + "default_username: 민디고\n")
        return site
    }

    /// Every output file that holds one of the markers, with the markers it holds.
    private static func marked(_ site: TempSite, in folder: String) throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        for file in site.files(under: folder) {
            let text = String(decoding: try site.bytes(folder + "/" + file), as: UTF8.self)
            let markers = markers.filter { text.contains($0) }
            if !markers.isEmpty { found[file] = markers }
        }
        return found
    }

    @Test func buildOutputHasNoEditingControls() throws {
        let site = try Self.site()
        let run = try site.sitegen("build", "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(site.files(under: "public").count > 20)
        #expect(try Self.marked(site, in: "public") == [:])
    }

    @Test func previewPagesCarryTheControls() throws {
        let site = try Self.site()
        _ = try site.buildWithEditControls()
        let marked = try Self.marked(site, in: "public")
        for page in [
            "posts/index.html", "posts/me-too/index.html", "counter/index.html", "primes/index.html",
            "menu/index.html", "profiles/kim/index.html",
        ] {
            #expect(marked[page]?.contains("_sitegen") == true, "\(page) loads the editing script")
        }
        let posts = try site.read("public/posts/index.html")
        #expect(posts.contains("<input id=\"new-post-username\" name=\"username\" value=\"민디고\""))
        #expect(try site.read("public/posts/me-too/index.html").contains("data-source=\"content/posts/me-too.md\""))
        let counter = try site.read("public/counter/index.html")
        #expect(counter.contains("data-count=\"7\" data-step=\"1\" aria-label=\"하나 더하기\""))
        #expect(counter.contains("data-favorite=\"remove\" data-value=\"7\">Remove from favorite primes</button>"))
        #expect(!counter.contains("Save to favorite primes"))
        #expect(counter.contains("data-primes=\"content/primes.md\""))
        let menu = try site.read("public/menu/index.html")
        #expect(menu.contains("data-source=\"content/menu/대방어.md\" aria-label=\"수정: 대방어\""))
        #expect(menu.contains("<dialog class=\"edit-dialog\" id=\"menu-dialog\""))
        #expect(try site.read("public/profiles/kim/index.html").contains("data-source=\"content/profiles/kim.md\""))
        #expect(marked["feed.xml"] == nil && marked["sitemap.xml"] == nil)
    }

    @Test func aCountThatIsNotAFavoriteOffersToSaveIt() throws {
        let site = try Self.site()
        try site.write("content/primes.md", "---\ncount: 11\nfavorites: [2]\n---\n")
        _ = try site.buildWithEditControls()
        let counter = try site.read("public/counter/index.html")
        #expect(counter.contains("data-favorite=\"add\" data-value=\"11\">Save to favorite primes</button>"))
        try site.write("content/primes.md", "---\ncount: 8\nfavorites: [2]\n---\n")
        _ = try site.buildWithEditControls()
        #expect(!(try site.read("public/counter/index.html")).contains("data-favorite"), "8 is not prime")
    }

    @Test func servedPagesCarryTheControlsUnlessReadOnly() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site)
        let menu = try preview.request("/menu/")
        #expect(menu.status == 200 && menu.text.contains("<dialog class=\"edit-dialog\" id=\"menu-dialog\""))
        #expect(menu.text.contains("<script src=\"/_sitegen/edit.js\" defer></script>"))
        #expect(menu.text.contains("<meta name=\"sitegen-token\" content=\""))
        #expect(preview.stop() == 0)
        let readOnly = try PreviewProcess(site, ["--read-only"])
        for path in ["/posts/", "/posts/me-too/", "/counter/", "/primes/", "/menu/", "/profiles/kim/"] {
            let page = try readOnly.request(path).text
            let found = Self.markers.filter { $0 != "_sitegen" && page.contains($0) }
            #expect(found == [] && !page.contains("edit.js"), "\(path) with --read-only: \(found)")
        }
        #expect(readOnly.stop() == 0)
    }

    @Test func switchingTheControlsOnAndOffGivesACleanBuildsBytes() throws {
        let site = try Self.site()
        let now: Int64 = 1_798_761_600
        #expect(try site.sitegen("build", "--quiet", "--now", String(now)).status == 0)
        _ = try site.buildWithEditControls(now: now)
        try site.expectSameAsCleanBuild("controls on", editControlsAt: now)
        #expect(try site.sitegen("build", "--quiet", "--now", String(now)).status == 0)
        try site.expectSameAsCleanBuild("controls off", arguments: ["--now", String(now)])
        #expect(try Self.marked(site, in: "public") == [:])
    }
}
