import Foundation
import TestTimeLimits
import Testing

/// `sitegen serve` on a temp site, through a real HTTP client (curl): what it
/// serves, what it tells open pages after each rebuild, what it refuses, and
/// that it never touches `public/`. Every server is stopped at the end of its test.
@Suite(.serialized) struct PreviewServerTests {
    /// A small site: two posts and a page.
    private static func site() throws -> TempSite {
        try TempSite.with([
            "site.yml": "title: Preview\nbase_url: https://example.org/club/\nlanguage: en\n",
            "content/posts/a.md": "---\nusername: kim\ntitle: Post A\ndate: 2024-01-01\n---\nThe body of A.\n",
            "content/posts/b.md": "---\nusername: lee\ntitle: Post B\ndate: 2024-02-01\n---\nThe body of B.\n",
            "content/posts/대방어.md": "---\nusername: lee\ntitle: Fish\ndate: 2024-03-01\n---\nA Unicode slug.\n",
            "content/about.md": "---\ntitle: About\n---\nAbout us.\n",
        ])
    }

    /// The tag the preview adds to the pages it serves.
    private static let scriptTag = "<script src=\"/_sitegen/live-reload.js\" defer></script>\n"

    /// An event's JSON.
    private struct Event: Decodable, Equatable {
        var changed: [String]?
        var css: Bool?
        var errors: [String]?
    }

    private static func decode(_ json: String?) throws -> Event {
        try JSONDecoder().decode(Event.self, from: Data(try #require(json, "no event came").utf8))
    }

    /// `sitegen build` of the site as the preview builds it (its own base URL) into `folder`.
    private static func build(_ site: TempSite, into folder: String, for preview: PreviewProcess) throws -> TreeDigest {
        let run = try site.sitegen(["build", "--quiet", "--output", folder, "--base-url", preview.origin + "/"])
        #expect(run.status == 0, "\(run.stderr)")
        return TreeDigest(site.url(folder))
    }

    /// The URLs of the files that differ between two builds, stylesheets left out.
    private static func changedURLs(_ before: TreeDigest, _ after: TreeDigest) -> Set<String> {
        let paths = Set(before.files.keys).union(after.files.keys).filter { before.files[$0] != after.files[$0] }
        return Set(
            paths.filter { !$0.hasSuffix(".css") }.map { path in
                "/" + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
            })
    }

    /// Read-only, so the pages have no editing controls and are a build's bytes (`EditAPITests` has the rest).
    @Test func aPageIsServedAsBuiltWithTheLiveReloadScriptAdded() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site, ["--read-only"])
        let page = try preview.request("/posts/a/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["cache-control"] == "no-store")
        #expect(page.text.contains(Self.scriptTag))
        let built = try Self.build(site, into: "built", for: preview)
        let file = String(decoding: try #require(built.files["posts/a/index.html"]), as: UTF8.self)
        #expect(page.text.replacingOccurrences(of: Self.scriptTag, with: "") == file)
        #expect(
            !built.files.values.contains { String(decoding: $0, as: UTF8.self).contains("_sitegen") },
            "build output has no script")
        let script = try preview.request("/_sitegen/live-reload.js")
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.text.contains("new EventSource(\"/_sitegen/events\")"))
        #expect(preview.stop() == 0)
        #expect(!site.exists("public") && !site.exists(".public.sitegen"), "public/ and its state are never made")
        #expect(try site.names(in: "serve-tmp") == [], "the preview folder is removed on exit")
    }

    @Test func anEditedPostSendsExactlyTheChangedURLsAndServesTheNewBytes() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site, ["--read-only"])
        let events = try preview.events()
        let before = try Self.build(site, into: "before", for: preview)
        try site.write(
            "content/posts/a.md",
            "---\nusername: kim\ntitle: Post A, edited\ndate: 2024-01-01\n---\nThe new body of A.\n")
        let event = try Self.decode(events.next())
        let after = try Self.build(site, into: "after", for: preview)
        let expected = Self.changedURLs(before, after)
        #expect(expected.contains("/posts/a/") && !expected.contains("/about/"))
        #expect(Set(event.changed ?? []) == expected)
        #expect(event.changed?.count == expected.count && event.css == false && event.errors == nil)
        let previewFolder = try #require(try site.names(in: "serve-tmp").first)
        #expect(
            TreeDigest(site.url("serve-tmp/\(previewFolder)/site")) == after,
            "the rebuilt preview is a clean build's bytes")
        let page = try preview.request("/posts/a/")
        #expect(page.text.contains("The new body of A.") && page.text.contains("Post A, edited"))
        #expect(preview.waitForRebuild(1)?.hasPrefix("rebuilt: ") == true, "\(preview.rebuilds)")
        #expect(preview.stop() == 0)
        #expect(!site.exists("public"))
    }

    @Test func aBrokenFrontMatterSendsItsErrorsAndTheLastGoodPageIsStillServed() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site)
        let events = try preview.events()
        try site.write("content/posts/a.md", "---\nusername: kim\ntitle: [unclosed\ndate: 2024-01-01\n---\nBroken.\n")
        let failed = try Self.decode(events.next())
        let errors = try #require(failed.errors)
        #expect(errors.contains { $0.hasPrefix("content/posts/a.md:") && $0.contains(": error: ") }, "\(errors)")
        #expect(failed.changed == nil)
        #expect(preview.waitForRebuild(1)?.hasPrefix("rebuild failed: 1 error") == true, "\(preview.rebuilds)")
        // stderr is read by a thread of its own: its line may come a moment after stdout's.
        #expect(preview.stderr.wait(after: 0, seconds: 10, for: { $0.hasPrefix("content/posts/a.md:") }) != nil)
        let old = try preview.request("/posts/a/")
        #expect(old.status == 200 && old.text.contains("The body of A."))
        let late = try preview.events()  // A page opened while the site is broken is told at once.
        #expect(try Self.decode(late.next()).errors == errors)

        try site.write("content/posts/a.md", "---\nusername: kim\ntitle: Post A\ndate: 2024-01-01\n---\nFixed.\n")
        let fixed = try Self.decode(events.next())
        #expect(fixed.errors == nil && fixed.changed?.contains("/posts/a/") == true, "\(fixed)")
        #expect(try preview.request("/posts/a/").text.contains("Fixed."))
        #expect(preview.stop() == 0)
    }

    @Test func aSaveByRenameAndSeveralFilesAtOnceAreOneRebuildEach() throws {
        let site = try Self.site()
        // The editor's temp file is there before the preview starts: written after, with the rename more
        // than the watcher's quiet time (10 ms) later, as on a slow or loaded machine, they are two changes.
        try site.write(
            "content/posts/a.md.new", "---\nusername: kim\ntitle: Renamed in\ndate: 2024-01-01\n---\nSaved by rename.\n"
        )
        let preview = try PreviewProcess(site)
        let events = try preview.events()
        try site.write("content/posts/.a.md.swp", "editor state")
        #expect(rename(site.url("content/posts/a.md.new").path, site.url("content/posts/a.md").path) == 0)
        #expect(try Self.decode(events.next()).changed?.contains("/posts/a/") == true)
        // Two files saved at once: written beside the site first, then moved in one right after the
        // other, so that even a slow test process (a sanitizer's) moves both within the watcher's quiet time.
        let saves = site.root.deletingLastPathComponent().appendingPathComponent("saves-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: saves, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: saves) }
        try Data("---\nusername: kim\ntitle: Both\ndate: 2024-01-01\n---\nTwo files.\n".utf8)
            .write(to: saves.appendingPathComponent("a.md"))
        try Data("---\nusername: lee\ntitle: Both B\ndate: 2024-02-01\n---\nTwo files.\n".utf8)
            .write(to: saves.appendingPathComponent("b.md"))
        let movedA = rename(saves.appendingPathComponent("a.md").path, site.url("content/posts/a.md").path)
        let movedB = rename(saves.appendingPathComponent("b.md").path, site.url("content/posts/b.md").path)
        #expect(movedA == 0 && movedB == 0)
        let both = try Self.decode(events.next())
        #expect(both.changed?.contains("/posts/a/") == true && both.changed?.contains("/posts/b/") == true, "\(both)")
        Thread.sleep(forTimeInterval: TimeLimits.seconds(1.5))  // Long enough for a second rebuild to show.
        #expect(events.pending.isEmpty, "\(events.pending)")
        #expect(preview.rebuilds.count == 2, "\(preview.rebuilds)")
        #expect(preview.stop() == 0)
    }

    @Test func aSiteBrokenAtStartIsServedOnceFixed() throws {
        let site = try Self.site()
        try site.write("content/posts/a.md", "---\nusername: kim\ntitle: [unclosed\n---\nBroken.\n")
        let preview = try PreviewProcess(site)
        let error = preview.stderr.wait(after: 0, seconds: 10) {
            $0.hasPrefix("content/posts/a.md:") && $0.contains(": error: ")
        }
        #expect(error != nil, "\(preview.stderr.all)")
        let missing = try preview.request("/")
        #expect(missing.status == 404 && missing.text.contains("/_sitegen/live-reload.js"))
        let events = try preview.events()
        #expect(try Self.decode(events.next()).errors?.isEmpty == false)
        try site.write("content/posts/a.md", "---\nusername: kim\ntitle: Post A\ndate: 2024-01-01\n---\nFixed.\n")
        let fixed = try Self.decode(events.next())
        #expect(fixed.changed?.contains("/") == true && fixed.changed?.contains("/posts/a/") == true, "\(fixed)")
        #expect(try preview.request("/posts/a/").text.contains("Fixed."))
        #expect(preview.stop() == 0)
    }

    #if os(Linux)
        @Test func openStartsTheBrowserOnTheURL() throws {
            let site = try Self.site()
            _ = try site.script("bin/xdg-open", "printf '%s\\n' \"$1\" > \"\(site.url("opened").path)\"\n")
            let path = site.url("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let preview = try PreviewProcess(site, ["--open"], environment: ["PATH": path])
            let deadline = Date(timeIntervalSinceNow: TimeLimits.seconds(10))
            while !site.exists("opened") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            Thread.sleep(forTimeInterval: 0.1)  // The script's one write.
            #expect(try site.read("opened") == preview.origin + "/\n")
            #expect(preview.stop() == 0)
        }
    #endif

    @Test func aStylesheetChangeSaysCSSWithoutListingPages() throws {
        let site = try Self.site()
        try site.write("templates/assets/style.css", "body { color: black; }\n")
        let preview = try PreviewProcess(site)
        let events = try preview.events()
        try site.write("templates/assets/style.css", "body { color: navy; }\n")
        #expect(try Self.decode(events.next()) == Event(changed: [], css: true))
        let css = try preview.request("/assets/style.css")
        #expect(css.text == "body { color: navy; }\n")
        #expect(css.headers["content-type"] == "text/css; charset=utf-8" && css.headers["cache-control"] == "no-cache")
        #expect(preview.stop() == 0)
    }

    @Test func httpSemantics() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site)
        let folder = try preview.request("/posts")
        #expect(folder.status == 301 && folder.headers["location"] == "/posts/")
        let missing = try preview.request("/no/such/page/")
        let notFoundPage = try preview.request("/404.html")
        #expect(missing.status == 404 && missing.headers["content-type"] == "text/html; charset=utf-8")
        #expect(missing.text.contains("data-also=\"/404.html\""))
        #expect(
            missing.text.replacingOccurrences(
                of: "<script src=\"/_sitegen/live-reload.js\" data-also=\"/404.html\" defer></script>\n", with: "")
                == notFoundPage.text.replacingOccurrences(of: Self.scriptTag, with: ""))
        let unicode = try preview.request("/posts/%EB%8C%80%EB%B0%A9%EC%96%B4/")
        #expect(unicode.status == 200 && unicode.text.contains("A Unicode slug."))
        let page = try preview.request("/about/")
        let tag = try #require(page.headers["etag"])
        #expect(try preview.request("/about/", headers: ["If-None-Match": tag]).status == 304)
        #expect(try preview.request("/about/", headers: ["If-None-Match": "\"other\""]).status == 200)
        let head = try preview.request("/about/", method: "HEAD")
        #expect(head.status == 200 && head.headers["content-length"] == "\(page.body.count)")
        let feed = try preview.request("/feed.xml")
        #expect(feed.status == 200 && feed.headers["content-type"] == "application/xml; charset=utf-8")
        #expect(feed.text.contains(preview.origin + "/posts/a/"), "links point at the preview")
        #expect(!feed.text.contains(Self.scriptTag))
        #expect(preview.stop() == 0)
    }

    @Test func hostileRequestsAreRefused() throws {
        let site = try Self.site()
        try site.write("secret.txt", "not for the web\n")
        let preview = try PreviewProcess(site)
        let previewFolders = try site.names(in: "serve-tmp").map { "serve-tmp/\($0)/site" }
        let previewFolder = try #require(previewFolders.first)
        #expect(symlink(site.url("secret.txt").path, site.url(previewFolder + "/leak.txt").path) == 0)
        #expect(symlink(site.url("content").path, site.url(previewFolder + "/linked").path) == 0)
        let cases: [(path: String, method: String, headers: [String: String], status: Int)] = [
            ("/", "POST", [:], 405), ("/", "PUT", [:], 405), ("/", "DELETE", [:], 405),
            ("/_sitegen/events", "POST", [:], 405),
            ("/", "GET", ["Host": "evil.example"], 403), ("/", "GET", ["Host": "evil.example:\(preview.port)"], 403),
            ("/", "GET", ["Host": "127.0.0.1:1"], 403), ("/", "GET", ["Host": ""], 400),
            ("/", "GET", ["Host": "localhost.evil.example"], 403),
            ("/", "GET", ["Origin": "http://evil.example"], 403),
            ("/../secret.txt", "GET", [:], 400), ("/..%2fsecret.txt", "GET", [:], 400),
            ("/%2e%2e/secret.txt", "GET", [:], 400),
            ("/posts/%2e%2e/%2e%2e/secret.txt", "GET", [:], 400), ("/a%2fb", "GET", [:], 400),
            ("/a%5cb", "GET", [:], 400),
            ("/..\\secret.txt", "GET", [:], 400), ("/a%00b", "GET", [:], 400), ("//evil.example/", "GET", [:], 400),
            ("/leak.txt", "GET", [:], 403), ("/linked/posts/a.md", "GET", [:], 403),
            ("/", "GET", ["X-Padding": String(repeating: "a", count: 64 * 1024)], 431),
            ("/" + String(repeating: "a", count: 64 * 1024), "GET", [:], 414),
        ]
        for item in cases {
            let reply = try preview.request(item.path, method: item.method, headers: item.headers)
            #expect(
                reply.status == item.status,
                "\(item.method) \(item.path.prefix(40)) \(item.headers.mapValues { $0.prefix(40) })")
            #expect(!reply.text.contains("not for the web") && !reply.text.contains("username: kim"))
        }
        #expect(try preview.request("/", method: "POST").headers["allow"] == "GET, HEAD")
        #expect(try preview.request("/", headers: ["Host": "localhost:\(preview.port)"]).status == 200)
        #expect(try preview.request("/", headers: ["Host": "[::1]:\(preview.port)"]).status == 200)
        #expect(preview.stop() == 0)
    }

    @Test func rebuildsKeepThePipelineStateInMemory() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site, environment: ["SITEGEN_TIMINGS": "1"])
        let events = try preview.events()
        try site.write("content/posts/b.md", "---\nusername: lee\ntitle: Post B\ndate: 2024-02-01\n---\nB again.\n")
        #expect(try Self.decode(events.next()).changed?.contains("/posts/b/") == true)
        #expect(preview.stderr.wait(after: 0, seconds: 10) { $0.hasPrefix("sitegen timing: commit") } != nil)
        #expect(preview.stop() == 0)
        let timings = preview.stderr.untilEnd(seconds: 10).filter { $0.hasPrefix("sitegen timing: ") }
        #expect(!timings.contains { $0.hasPrefix("sitegen timing: state: encode") }, "neither wrote it: \(timings)")
        #expect(!timings.contains { $0.hasPrefix("sitegen timing: state: read") }, "neither read it: \(timings)")
        #expect(timings.count { $0.contains("no record of an earlier build") } == 1, "\(timings)")
    }

    @Test func aPostDatedLaterIsPublishedWhenItIsDueWithoutAChange() throws {
        let site = try Self.site()
        let due = Date().addingTimeInterval(TimeLimits.seconds(4))  // Later than the preview takes to start.
        let formatter = ISO8601DateFormatter()
        try site.write(
            "content/posts/later.md",
            "---\nusername: kim\ntitle: Later\ndate: \(formatter.string(from: due))\n---\nScheduled.\n")
        let preview = try PreviewProcess(site, environment: ["SOURCE_DATE_EPOCH": ""])
        let events = try preview.events()
        #expect(try preview.request("/posts/later/").status == 404)
        let event = try Self.decode(events.next(seconds: 15))
        #expect(event.changed?.contains("/posts/later/") == true, "\(event)")
        #expect(Date() >= due.addingTimeInterval(-1), "not before it is due")
        #expect(try preview.request("/posts/later/").text.contains("Scheduled."))
        #expect(preview.stop() == 0)
    }

    @Test func draftsAreServedOnlyWithDrafts() throws {
        let site = try Self.site()
        try site.write(
            "content/posts/d.md", "---\nusername: kim\ntitle: Draft\ndate: 2024-01-05\ndraft: true\n---\nNot yet.\n")
        let plain = try PreviewProcess(site)
        #expect(try plain.request("/posts/d/").status == 404)
        #expect(plain.stop() == 0)
        let drafts = try PreviewProcess(site, ["--drafts"])
        #expect(try drafts.request("/posts/d/").text.contains("Not yet."))
        #expect(drafts.stop() == 0)
    }

    @Test func everyPageServedWhileEditsLandIsWhole() throws {
        let site = try Self.site()
        let body = String(repeating: "A line long enough to make the page a few kilobytes long. ", count: 200)
        let preview = try PreviewProcess(site)
        let post = site.url("content/posts/a.md")
        let editor = Thread {
            for round in 1...6 {
                let text =
                    "---\nusername: kim\ntitle: Round \(round)\ndate: 2024-01-01\n---\n\(body)\n\nEnd \(round).\n"
                try? TempSite.replace(post, with: text)
                Thread.sleep(forTimeInterval: 0.15)
            }
        }
        editor.start()
        let deadline = Date(timeIntervalSinceNow: TimeLimits.seconds(15))
        var seen = Set<String>()
        for _ in 0..<80 where Date() < deadline {
            let reply = try preview.request("/posts/a/")
            #expect(reply.status == 200)
            let text = reply.text
            #expect(
                text.hasSuffix("</html>\n") && text.contains(Self.scriptTag),
                "a whole page with its script: \(reply.headers) \(text.prefix(300)) … \(text.suffix(100))")
            if let round = text.firstMatch(of: /End (\d)\./) {
                #expect(text.contains("<title>Round \(round.1)"), "title and body from one build")
                seen.insert(String(round.1))
            } else {
                #expect(text.contains("The body of A."))
            }
        }
        #expect(!seen.isEmpty)
        #expect(preview.stop() == 0)
    }

    @Test func badOptionsAreUsageErrors() throws {
        let site = try Self.site()
        let port = try site.sitegen("serve", "--port", "http")
        #expect(
            port.status == 2 && port.stderr.hasPrefix("error: --port must be a number from 0 to 65535, got \"http\"\n"))
        let host = try site.sitegen("serve", "--host", "example.org", "--port", "0")
        #expect(host.status == 1 && host.stderr == "error: example.org is not an IP address\n")
        #expect(host.stdout.isEmpty)
    }

    @Test func aPortInUseFailsToStartAndSaysWhy() throws {
        let site = try Self.site()
        let first = try PreviewProcess(site)
        let second = try site.sitegen("serve", "--port", "\(first.port)")
        #expect(second.status == 1 && second.stdout.isEmpty)
        #expect(second.stderr == "error: cannot listen on 127.0.0.1:\(first.port): Address already in use\n")
        #expect(first.stop() == 0)
    }
}
