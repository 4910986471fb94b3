import Foundation
import Testing

@testable import SitegenCore

/// A rebuild redoes only what changed, and its output is byte-identical to a
/// clean build of the same input, whatever sequence of changes came before.
@Suite struct IncrementalBuildTests {
    @Test func editingOnePostRerendersOnlyThePagesShowingIt() throws {
        let site = try TempSite.sample()
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        try site.write("content/posts/me-too.md", try site.read("content/posts/me-too.md") + "\nOne more line.\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        // The post, the posts list, its author's and its tag's pages and the home page (recent posts) show it.
        #expect(run.stdout.contains("(5 rendered, 26 unchanged)"), "\(run.stdout)")
    }

    @Test func editingAPostPastItsExcerptRerendersOnlyThatPost() throws {
        let site = try TempSite.sample()
        let paragraph = String(repeating: "A sentence long enough to fill the excerpt on its own. ", count: 6)
        try site.write("content/posts/long.md", "---\nusername: u\ntitle: Long\ndate: 2020-01-01\n---\n\(paragraph)\n")
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        try site.write("content/posts/long.md", try site.read("content/posts/long.md") + "\nOne more line.\n")
        let run = try site.sitegen("build")
        #expect(run.stdout.contains("(1 rendered, 32 unchanged)"), "\(run.stdout)")
        #expect(try site.read("public/posts/long/index.html").contains("One more line."))
    }

    @Test func warningsOfUnchangedFilesAreReportedOnEveryBuild() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/typo.md", "---\nusername: u\ntitel: x\n---\nBody\n")
        try Self.backdate(site)
        let warning =
            "content/posts/typo.md:3:1: warning: a post has no field \"titel\"; it is ignored; did you mean \"title\"?\n"
        for _ in 0..<3 { #expect(try site.sitegen("build", "--quiet").stderr == warning) }
    }

    @Test func cachedPostsAreRenderedInFullWhenTheThemeChanges() throws {
        let site = try TempSite.sample()
        try Self.backdate(site)
        for _ in 0..<2 { #expect(try site.sitegen("build", "--quiet").status == 0) }
        try site.write("templates/post.mustache", try site.read("templates/post.mustache") + "<!-- v2 -->\n")
        #expect(try site.sitegen("build", "--quiet").status == 0)
        let page = try site.read("public/posts/scrum-study/index.html")
        #expect(page.contains("<li>데일리 스크럼 (15분)</li>") && page.contains("<!-- v2 -->"))
        #expect(try site.read("public/posts/index.html").contains("스크럼 스터디 같이 하실 분 구해요!"))
    }

    @Test func aDamagedStateIsIgnored() throws {
        let site = try TempSite.sample()
        try Self.backdate(site)
        #expect(try site.sitegen("build", "--quiet").status == 0)
        try site.write(".public.sitegen/state", "sitegen-state 1 garbage\n\u{1}\t\t\n")
        #expect(try site.sitegen("build", "--quiet").status == 0)
        #expect(try site.read("public/profiles/kim/index.html").contains("Hello World"))
    }

    @Test func theFirstRebuildAfterABuildIntoAnEmptyFolderRedoesOnlyWhatChanged() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        for round in 1...3 {
            try site.write("content/posts/me-too.md", try site.read("content/posts/me-too.md") + "\nRound \(round).\n")
            let run = try site.sitegen("build")
            // The post, the posts list, its author's and its tag's pages and the home page (recent posts) show it.
            #expect(run.stdout.contains("(5 rendered, 26 unchanged)"), "round \(round): \(run.stdout)")
            try site.expectSameAsCleanBuild("round \(round)")
        }
    }

    @Test func aHandEditBeforeTheFirstRebuildIsUndone() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        let page = "public/posts/scrum-study/index.html"
        try site.write(page, String(try site.read(page).reversed()))  // Same size, other bytes.
        for round in 1...3 {
            try site.write("content/posts/me-too.md", try site.read("content/posts/me-too.md") + "\nRound \(round).\n")
            #expect(try site.sitegen("build").status == 0)
            try site.expectSameAsCleanBuild("round \(round)")
        }
    }

    @Test func unchangedSiteRendersNothing() throws {
        let site = try TempSite.sample()
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        #expect(try site.sitegen("build").stdout.contains("(0 rendered, 31 unchanged)"))
    }

    /// One random change to the site: its sources, its templates, its settings,
    /// the build's now, the preview's editing controls (on or off), or the output
    /// itself (a hand edit, a build killed half-way).
    private static func change(
        _ site: TempSite, step: Int, now: inout Int64, editing: inout Bool,
        using random: inout FuzzTests.SeededGenerator
    ) throws {
        // Not the posts content/linker.md links to (step 37): removing or renaming one breaks the build.
        // Posts that steps of their own write (the link targets, the laid-out post, the diagram) are left to them:
        // bundling one would make the step write it again beside its bundle.
        let posts = site.files(under: "content/posts").filter {
            $0.hasSuffix(".md") && !$0.hasPrefix("target-") && !$0.hasPrefix("laid-out") && !$0.hasPrefix("diagram")
        }
        let post = posts.isEmpty ? nil : "content/posts/" + posts[Int.random(in: 0..<posts.count, using: &random)]
        func edit(_ path: String?, _ transform: (String) -> String) throws {
            guard let path, site.exists(path) else { return }
            try site.write(path, transform(try site.read(path)))
        }
        /// The text with its `layout:` line taken out, and `layout` (if any) put before the line starting with `key`.
        func relayout(_ layout: String?, before key: String) -> (String) -> String {
            { text in
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
                    !$0.hasPrefix("layout:")
                }
                if let layout, let at = lines.firstIndex(where: { $0.hasPrefix(key) }) {
                    lines.insert(Substring(layout), at: at)
                }
                return lines.joined(separator: "\n")
            }
        }
        func replaceLine(_ prefix: String, with line: String) -> (String) -> String {
            { text in
                text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.hasPrefix(prefix) ? Substring(line) : $0 }.joined(separator: "\n")
            }
        }
        // Every kind of change twice, in order, then random ones.
        let kinds = Self.kinds
        let kind = step < 2 * kinds ? step % kinds : Int.random(in: 0..<kinds, using: &random)
        switch kind {
        case 0, 1:  // Below the excerpt of a long post: only its page shows it.
            try edit("content/posts/long-\(Int.random(in: 0..<3, using: &random)).md") { $0 + "\nLong edit \(step).\n" }
        case 2, 3:
            try edit(post) { $0 + "\nEdit \(step).\n" }
        case 4:
            try edit(post) { $0.replacingOccurrences(of: "title: ", with: "title: Re\(step) ") }
        case 5:  // A date that moves the post in the list.
            try edit(post, replaceLine("date:", with: "date: 20\(10 + step % 15)-0\(1 + step % 9)-1\(step % 10)"))
        case 6:
            try edit(post, replaceLine("tags:", with: "tags: [t\(step % 4), scrum]"))
        case 7:  // A username changed by writing the file directly (edit refuses it); some need a slug.
            let username = step % 2 == 0 ? "user\(step % 5)" : "team/user\(step % 5)"
            try edit(post, replaceLine("username:", with: "username: \(username)"))
        case 8:
            let day = 10 + step % 18
            try site.write(
                "content/posts/new-\(step).md",
                "---\nusername: user\(step % 3)\ntitle: New \(step)\ndate: 2024-05-\(day)\n---\nBody \(step)\n")
        case 9:
            if let post, posts.count > 2 { try FileManager.default.removeItem(at: site.url(post)) }
        case 10:  // A rename: the post's address changes.
            if let post {
                try FileManager.default.moveItem(at: site.url(post), to: site.url("content/posts/renamed-\(step).md"))
            }
        case 11:
            try site.write("content/menu/갈비찜.md", "---\nname: 갈비찜\nprice: \(50000 + step)\n---\n설명 \(step)\n")
        case 12:
            try site.write(
                "content/primes.md", "---\ncount: \(step % 20)\nfavorites: [2, 3, \(step % 2 == 0 ? 5 : 7)]\n---\nHi\n")
        case 13:
            try site.write("templates/post.mustache", try site.read("templates/post.mustache") + "<!-- \(step) -->\n")
        case 14:  // A template starts (or stops) reading a key it did not read before.
            let template = try site.read("templates/post.mustache")
            let marker = "<p class=\"menu-count\">{{#site.menu}}{{name}} {{/site.menu}}</p>\n"
            try site.write(
                "templates/post.mustache",
                template.contains(marker) ? template.replacingOccurrences(of: marker, with: "") : template + marker)
        case 15:
            try site.write(
                "templates/partials/avatar.mustache", "<span class=\"avatar\" title=\"\(step)\">{{username}}</span>\n")
            // A tag list template from before pagination (its lists one page each), or the built-in one again.
            if step % 2 == 0 {
                try site.write(
                    "templates/tag.mustache",
                    "{{<layout}}{{$main}}{{#site.posts}}<p>{{title}}</p>{{/site.posts}}{{/main}}{{/layout}}\n")
            } else if site.exists("templates/tag.mustache") {
                try FileManager.default.removeItem(at: site.url("templates/tag.mustache"))
            }
        case 16:
            try edit("site.yml", replaceLine("title:", with: "title: 스크럼 스터디 \(step)"))
        case 17:
            try site.write("content/profiles/kim.md", "---\nname: Kim\nbio: Bio \(step)\n---\nAbout \(step)\n")
        case 18:  // A hand edit in the output and a stray file.
            let pages = site.files(under: "public").filter { $0.hasSuffix(".html") }
            if !pages.isEmpty {
                try site.write(
                    "public/" + pages[Int.random(in: 0..<pages.count, using: &random)], "edited by hand \(step)")
            }
            try site.write("public/stray-\(step % 3)/note.txt", "left by hand\n")
        case 19, 20:  // A build killed half-way; the next one must still give a clean build's bytes.
            try edit(post) { $0 + "\nBefore a kill \(step).\n" }
            try Sitegen.buildKilled(in: site.root, after: UInt32.random(in: 0...60_000, using: &random))
        case 21:  // A post dated after now: it waits.
            try site.write(
                "content/posts/future-\(step).md",
                "---\nusername: u\ntitle: Future \(step)\ndate: 20\(27 + step % 12)-01-01T09:00:00\n---\nSoon \(step)\n"
            )
        case 22:  // Time passes: posts that waited come out, the feed's updated moves.
            now += 3 * 365 * 86_400
        case 23:  // The time zone of zone-less dates, and one of the theme's words.
            try edit(
                "site.yml",
                replaceLine("timezone:", with: "timezone: \(["UTC", "Asia/Seoul", "America/New_York"][step % 3])"))
            try edit("site.yml", replaceLine("  is_prime:", with: "  is_prime: \"{n} is prime, step \(step)\""))
        case 24:  // A description, which replaces the excerpt on cards and sets the meta description.
            try edit(post) { text in
                text.contains("\ndescription:")
                    ? text.replacingOccurrences(of: "\ndescription:", with: "\nx_description:")
                    : text.replacingOccurrences(of: "\nusername:", with: "\ndescription: About \(step)\nusername:")
            }
        case 25:  // Headings: the page's table of contents changes.
            try edit(post) { $0 + "\n## Part \(step)\n\nText.\n\n### Detail \(step)\n" }
        case 26:  // Pages of another size: every list's pages move.
            try edit("site.yml", replaceLine("paginate:", with: "paginate: \(step % 4)"))
        case 27:  // A profile that names (or stops naming) a username: its author page shows it.
            let username = step % 3 == 0 ? "" : "username: user\(step % 3)\n"
            try site.write(
                "content/profiles/kim.md", "---\nname: Kim\n\(username)bio: Hello World\n---\nAbout \(step)\n")
        case 28:  // Spellings of one tag: they share a page, named as the oldest post writes it; some need a slug.
            let tag = ["Scrum", "SCRUM", "scrum", "a/b", "A/B", ".NET", "\"c\\\\d\""][step % 7]
            try edit(post, replaceLine("tags:", with: "tags: [\(tag), t\(step % 2)]"))
        case 29:  // A static file added or changed (sometimes keeping its size).
            let bytes = (0..<(64 + step % 2)).map { _ in UInt8.random(in: 0...255, using: &random) }
            try site.writeBytes("static/img/s-\(step % 3).png", bytes)
        case 30:  // A static file removed.
            let files = site.files(under: "static/img")
            if !files.isEmpty {
                try FileManager.default.removeItem(
                    at: site.url("static/img/" + files[Int.random(in: 0..<files.count, using: &random)]))
            }
        case 31:  // A post becomes a page bundle, or a bundle's file is added or changed.
            guard let post else { return }
            var folder = String(post.dropLast(3))
            if post.hasSuffix("/index.md") {
                folder = String(post.dropLast("/index.md".count))
            } else {
                try FileManager.default.createDirectory(at: site.url(folder), withIntermediateDirectories: true)
                try FileManager.default.moveItem(at: site.url(post), to: site.url(folder + "/index.md"))
            }
            try site.write(folder + "/photo-\(step % 2).jpg", "photo \(step)\n")
        case 32:  // A bundle's file removed, or a bundle made a plain post again.
            let bundled = site.files(under: "content/posts").filter { !$0.hasSuffix(".md") }
            guard !bundled.isEmpty else { return }
            let file = "content/posts/" + bundled[Int.random(in: 0..<bundled.count, using: &random)]
            let folder = String(file[..<file.lastIndex(of: "/")!])
            if step % 2 == 0 {
                try FileManager.default.removeItem(at: site.url(file))
            } else if site.exists(folder + "/index.md") {
                try FileManager.default.moveItem(at: site.url(folder + "/index.md"), to: site.url(folder + ".md"))
                try FileManager.default.removeItem(at: site.url(folder))
            }
        case 33:  // A link broken (the build fails and leaves the output as it was), then repaired.
            let before = TreeDigest(site.url("public"))
            try site.write("content/about.md", "---\ntitle: About\n---\n[gone](posts/gone-\(step).md)\n")
            let broken = try site.sitegen("build", "--quiet", "--now", String(now))
            #expect(
                broken.status == 1
                    && broken.stderr.hasPrefix("content/about.md:4:1: error: broken link posts/gone-\(step).md"))
            #expect(TreeDigest(site.url("public")) == before, "step \(step): a failed build changed the output")
            let links = ["[메뉴](menu/대방어.md)", "[kim](profiles/kim.md#top)", "[posts](/posts/)", "[home](index.md)"]
            try site.write(
                "content/about.md",
                "---\ntitle: About\n---\n" + links.prefix(1 + step % 4).joined(separator: " ") + "\n")
        case 34:  // An alias added to a post, or its aliases removed.
            try edit(post) { text in
                text.contains("\naliases:")
                    ? text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("aliases:") }
                        .joined(separator: "\n")
                    : text.replacingOccurrences(of: "\nusername:", with: "\naliases: [/old/p-\(step)/]\nusername:")
            }
        case 35:  // An image a post shows changes size: the post's width and height change.
            try site.writeBytes("static/pics/p.png", ImageTests.png(width: 1 + step % 7 * 100, height: 50))
            try edit(post) { $0.contains("/pics/p.png") ? $0 : $0 + "\n![p](/pics/p.png)\n" }
        case 36:
            try site.write("content/about.md", "---\ntitle: About \(step)\n---\nText \(step)\n")
        case 38:  // site.yml's Markdown settings change what an unchanged file's excerpt is.
            if !site.exists("content/posts/marked.md") {  // Written once: later, only the settings change.
                try site.write(
                    "content/posts/marked.md",
                    "---\nusername: u\ntitle: Marked\ndate: 2020-04-04\n---\nIt is ~~struck~~ at www.example.com.\n")
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)],
                    ofItemAtPath: site.url("content/posts/marked.md").path)
            }
            let on = try site.read("site.yml").contains("strikethrough: false") ? "true" : "false"
            let markdown = "markdown: {strikethrough: \(on), autolinks: \(on)}"
            try edit("site.yml") {
                $0.contains("\nmarkdown:") ? replaceLine("markdown:", with: markdown)($0) : $0 + markdown + "\n"
            }
        case 37:  // A heading another file links to goes, while the linking file stays as the last build read it.
            let target = "posts/target-\(step % 2).md"
            let page = "---\nusername: u\ntitle: Target\ndate: 2020-03-03\n---\n"
            try site.write("content/" + target, page + "## Linked \(step)\n")
            try site.write("content/linker.md", "---\ntitle: Linker\n---\n[part](\(target)#linked-\(step))\n")
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)],
                ofItemAtPath: site.url("content/linker.md").path)
            let linked = try site.sitegen("build", "--quiet", "--now", String(now))
            #expect(linked.status == 0, "step \(step): \(linked.stderr)")
            try site.write("content/" + target, page + "No heading.\n")
            let broken = try site.sitegen("build", "--quiet", "--now", String(now))
            #expect(
                broken.status == 1
                    && broken.stderr.hasPrefix("content/linker.md:4:1: error: broken link \(target)#linked-\(step)"),
                "step \(step): \(broken.stderr)")
            try site.write("content/linker.md", "---\ntitle: Linker\n---\n[part](\(target))\n")
        case 40, 41:  // Layouts set or changed (40), taken away or changed (41) on pages, a post and a menu item.
            for name in ["report", "wide"] where !site.exists("templates/\(name).mustache") {
                try site.write(
                    "templates/\(name).mustache",
                    "{{<layout}}{{$main}}<div class=\"\(name)\">{{title}}{{name}}: {{{content}}}</div>{{/main}}{{/layout}}\n"
                )
            }
            if !site.exists("content/posts/laid-out.md") {
                try site.write(
                    "content/posts/laid-out.md", "---\nusername: u\ntitle: Laid out\ndate: 2021-02-03\n---\nText\n")
            }
            let files = [
                ("content/about.md", "title:"), ("content/posts/laid-out.md", "username:"),
                ("content/index.md", "title:"), ("content/menu/대방어.md", "name:"),
            ]
            for (index, (file, key)) in files.enumerated() where site.exists(file) {
                let reportNow = try site.read(file).contains("\nlayout: report\n")
                let layout: String? =
                    kind == 40 ? (reportNow ? "layout: wide" : "layout: report") : index < 2 ? nil : "layout: wide"
                try edit(file, relayout(layout, before: key))
            }
        case 42:  // A layout's template changes what it reads.
            try site.write(
                "templates/wide.mustache",
                "{{<layout}}{{$main}}<div class=\"wide\">\(step) {{page_title}}"
                    + " {{#site.menu}}{{name}} {{/site.menu}}{{{content}}}</div>{{/main}}{{/layout}}\n")
        case 43:  // A layout's template is missing (the build fails, the output stays), then added.
            let before = TreeDigest(site.url("public"))
            if site.exists("templates/gone.mustache") {
                try FileManager.default.removeItem(at: site.url("templates/gone.mustache"))
            }
            try site.write("content/gone-layout.md", "---\ntitle: Gone \(step)\nlayout: gone\n---\nText \(step)\n")
            let missing = try site.sitegen("build", "--quiet", "--now", String(now))
            #expect(
                missing.status == 1
                    && missing.stderr.hasPrefix(
                        "content/gone-layout.md:3:9: error: no template \"gone\" for layout: (templates/gone.mustache)"),
                "step \(step): \(missing.stderr)")
            #expect(TreeDigest(site.url("public")) == before, "step \(step): a failed build changed the output")
            try site.write("templates/gone.mustache", "<!doctype html><title>{{page_title}}</title><p>\(step)</p>\n")
        case 44:  // A data file the plain pages show added (or changed), with its column's total.
            try site.write("data/budget.csv", "item,amount\nPaper,\(step).50\n\"Ink, black\",\(step % 3)\n")
        case 45:  // A data file changed, another one (JSON) added or changed, one no page reads written.
            try site.write("data/budget.csv", "item,amount\nPaper,\(step)\nTea,x\n")
            try site.write("data/links.json", #"{"items": [{"label": "L\#(step)"}]}"#)
            try site.write("data/unread.yml", "step: \(step)\n")
        case 46:  // A data file removed: its readers see nothing there.
            if site.exists("data/budget.csv") { try FileManager.default.removeItem(at: site.url("data/budget.csv")) }
        case 47:  // A collection's declaration: its order, its title, a field declared or not.
            let by = step % 3 == 0 ? "title" : "starts"
            try edit(
                "site.yml",
                replaceLine(
                    "    sort:", with: "    sort: {by: \(by), order: \(step % 2 == 0 ? "descending" : "ascending")}"))
            try edit("site.yml", replaceLine("    title:", with: "    title: Events \(step % 4)"))
            try edit("site.yml") {
                $0.contains("      venue: text\n")
                    ? $0.replacingOccurrences(of: "      venue: text\n", with: "")
                    : $0.replacingOccurrences(of: "    fields:\n", with: "    fields:\n      venue: text\n")
            }
            // A field's type: unchanged items (taken from the source cache) are read again by the new one.
            let starts = try site.read("site.yml").contains("starts: {type: date}") ? "text" : "date"
            try edit("site.yml", replaceLine("      starts:", with: "      starts: {type: \(starts)}"))
        case 48:  // An item of a collection added or changed: its place in the list, its terms, its fields.
            let item = "content/events/e-\(step % 5).md"
            try site.write(
                item,
                "---\ntitle: Event \(step)\nstarts: 2025-0\(1 + step % 9)-1\(step % 10)\nseats: \(step)\n"
                    + "speakers: [s\(step % 3), t\(step % 2)]\nvenue: Hall \(step % 2)\n---\nAbout \(step).\n")
            // Dated in the past, so that later builds take it from the source cache (read by the
            // declarations of its time: a changed declaration must read it again).
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000 + Double(step))],
                ofItemAtPath: site.url(item).path)
        case 49:  // An item of a collection removed.
            let items = site.files(under: "content/events").filter { $0.hasSuffix(".md") }
            if items.count > 1 {
                try FileManager.default.removeItem(
                    at: site.url("content/events/" + items[Int.random(in: 0..<items.count, using: &random)]))
            }
        case 50:  // A post's own fields (site.yml extends posts), one a date without an offset: its page shows them.
            let starts = "starts: 2025-0\(1 + step % 9)-1\(step % 10) 18:30"
            try edit(post) { text in
                let series =
                    text.contains("\nseries:")
                    ? replaceLine("series:", with: "series: Part \(step)")(text)
                    : text.replacingOccurrences(of: "\ntitle:", with: "\nseries: Part \(step)\ntitle:")
                return series.contains("\nstarts:")
                    ? replaceLine("starts:", with: starts)(series)
                    : series.replacingOccurrences(of: "\ntitle:", with: "\n\(starts)\ntitle:")
            }
        case 51:  // mermaid: in site.yml set, changed or removed: an unchanged page with a diagram draws it or not.
            if !site.exists("content/posts/diagram.md") {  // Written once: later, only the setting changes.
                try site.write(
                    "content/posts/diagram.md",
                    "---\nusername: u\ntitle: Diagram\ndate: 2020-05-05\n---\n```mermaid\ngraph LR\n  A --> B\n```\n")
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)],
                    ofItemAtPath: site.url("content/posts/diagram.md").path)
            }
            let mermaid = step % 3 == 2 ? "" : "mermaid: {script: https://cdn.example.org/mermaid-\(step % 3).mjs}"
            try edit("site.yml") { text in
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
                    !$0.hasPrefix("mermaid:")
                }
                return lines.joined(separator: "\n") + (mermaid.isEmpty ? "" : mermaid + "\n")
            }
        case 52:  // An updated date set, moved or taken away, on a post or a plain page (feed, sitemap).
            try edit(step % 2 == 0 ? post : "content/about.md") { text in
                guard text.hasPrefix("---\n") else { return text }
                let date = "updated: 2026-0\(1 + step % 9)-1\(step % 10)"
                if text.contains("\nupdated:") {
                    return step % 3 == 0
                        ? text.split(separator: "\n", omittingEmptySubsequences: false)
                            .filter { !$0.hasPrefix("updated:") }.joined(separator: "\n")
                        : replaceLine("updated:", with: date)(text)
                }
                return "---\n\(date)\n" + text.dropFirst(4)
            }
        case 53:  // A photo replaced, by other bytes or the same ones: its resized copies and its srcset follow.
            try site.writeBytes(
                "static/pics/photo.jpg", try VipsImage.sample(width: 120 + step % 3 * 40, height: 90, seed: step % 4))
            try edit(post) { $0.contains("/pics/photo.jpg") ? $0 : $0 + "\n![photo](/pics/photo.jpg)\n" }
        case 54:  // Other image settings: every photo's copies, and the pages' srcset, change.
            let images = [
                "images: {widths: [50, 100]}", "images: {widths: [80], quality: 60}", "images: {widths: [480]}",
            ][
                step % 3]
            try edit("site.yml") {
                $0.contains("\nimages:") ? replaceLine("images:", with: images)($0) : $0 + images + "\n"
            }
        case 55:  // Math added or changed in a post: inline, display, a block, or one the converter rejects.
            let math = ["$x_\(step)$", "$$\\frac{\(step)}{n}$$", "```math\n\\sqrt{\(step)}\n```", "$\\frac{\(step)$"]
            try edit(post) { $0 + "\nMath \(step):\n\n" + math[step % math.count] + "\n" }
        default:  // The preview's editing controls switched on or off (site.editing, and what they show).
            editing.toggle()
            let username = "default_username: user\(step % 3)"
            try edit("site.yml") {
                $0.contains("\ndefault_username:")
                    ? replaceLine("default_username:", with: username)($0) : $0 + username + "\n"
            }
        }
    }

    /// How many kinds of change `change` makes.
    private static let kinds = 56
    /// How many changes the property tests make: every kind twice.
    private static let steps = 2 * kinds

    /// Dates every file of the site in the past, so builds trust their cached reading of it.
    static func backdate(_ site: TempSite) throws {
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        for folder in ["content", "templates"] {
            for file in site.files(under: folder) {
                try FileManager.default.setAttributes(
                    [.modificationDate: past], ofItemAtPath: site.url(folder + "/" + file).path)
            }
        }
    }

    @Test func incrementalOutputEqualsACleanBuildAfterEveryChange() throws {
        let site = try Self.propertySite()
        var random = FuzzTests.SeededGenerator(state: 42)
        var now: Int64 = 1_798_761_600  // 2027-01-01T00:00:00Z
        #expect(try site.sitegen("build", "--quiet", "--now", String(now)).status == 0)
        var editing = false
        for step in 0..<Self.steps {
            try Self.change(site, step: step, now: &now, editing: &editing, using: &random)
            if editing {
                #expect(throws: Never.self, "step \(step)") { try site.buildWithEditControls(now: now) }
            } else {
                let incremental = try site.sitegen("build", "--quiet", "--now", String(now))
                #expect(incremental.status == 0, "step \(step): \(incremental.stderr)")
            }
            try site.expectSameAsCleanBuild(
                "step \(step)", arguments: ["--now", String(now)], editControlsAt: editing ? now : nil)
        }
    }

    /// The same changes, built as the preview builds: one process keeping the
    /// state in memory from build to build (with the last load and plan), told
    /// which files changed since the last good build as the watcher tells it
    /// (so only those are read again, `LoadPatch`), into a folder it owns, whose
    /// trees it takes to be as recorded.
    @Test func inMemoryRebuildsEqualACleanBuildAfterEveryChange() throws {
        let site = try Self.propertySite()
        var random = FuzzTests.SeededGenerator(state: 7)
        var now: Int64 = 1_798_761_600
        var editing = false
        var state: BuildState?
        var built: WatchedFiles?
        var patched = 0  // Builds whose values were the last build's, patched.
        func build(_ comment: String) {
            var options = BuildOptions(siteRoot: site.root, output: site.url("preview"))
            options.now = now
            options.editControls = editing
            let files = WatchedFiles.scan(site.root.path)
            do {
                let report: BuildReport
                (report, state) = try BuildPipeline(options: options).build(
                    from: state, storesState: false, changed: built?.changedPaths(to: files))
                if let (modeled, _, _, _, _) = report.model
                    as? (ModelStage.Modeled, PlanStage.Plan, BuildState, LoadStage.Loaded, BuildState),
                    modeled.patched
                {
                    patched += 1
                }
                built = files
            } catch {
                Issue.record("\(comment): \(error.diagnostics)")
            }
        }
        build("first build")
        for step in 0..<Self.steps {
            try Self.change(site, step: step, now: &now, editing: &editing, using: &random)
            build("step \(step)")
            try site.expectSameAsCleanBuild(
                "step \(step)", arguments: ["--now", String(now)], editControlsAt: editing ? now : nil,
                output: "preview")
        }
        #expect(patched >= 15, "\(patched) of \(Self.steps) builds patched the last build's values")
    }

    /// A file's warnings are reported by every build while it is unchanged, also by the
    /// preview's builds that read only another file again (`LoadPatch`).
    @Test func inMemoryRebuildsReportTheWarningsOfFilesTheyDidNotRead() throws {
        let site = try TempSite.sample()
        let options = BuildOptions(siteRoot: site.root, output: site.url("preview"))
        var state: BuildState?
        var built: WatchedFiles?
        func build() throws -> [String] {
            let files = WatchedFiles.scan(site.root.path)
            let (report, next) = try BuildPipeline(options: options).build(
                from: state, storesState: false, changed: built?.changedPaths(to: files))
            (state, built) = (next, files)
            return report.warnings.map(\.description)
        }
        _ = try build()
        try site.write(
            "content/posts/raw.md", "---\nusername: u\ntitle: Raw\ndate: 2020-01-01\n---\nText <b>bold</b>.\n")
        let first = try build()
        #expect(first.contains { $0.hasPrefix("content/posts/raw.md:6:6: warning: raw HTML") }, "\(first)")
        try site.write("content/posts/scrum-study.md", try site.read("content/posts/scrum-study.md") + "\nMore.\n")
        #expect(try build() == first)
    }

    /// A declared collection, and a field added to posts, for the property site.
    private static let collections = """
        collections:
          events:
            title: Events 0
            fields:
              title: {type: text, required: true}
              starts: {type: date}
              seats: {type: integer, min: 0}
              speakers: {type: list, taxonomy: true}
            sort: {by: starts, order: ascending}
            paginate: 2
          posts:
            fields:
              series: text
              starts: date

        """

    /// The sample site with three long posts, a collection, small pages (so additions, deletions and new dates
    /// move posts across pages) and its files' times in the past.
    private static func propertySite() throws -> TempSite {
        let site = try TempSite.sample()
        let paragraph = String(repeating: "A sentence long enough to fill the excerpt on its own. ", count: 6)
        for number in 0..<3 {
            try site.write(
                "content/posts/long-\(number).md",
                "---\nusername: u\ntitle: Long \(number)\ndate: 20\(10 + number * 5)-01-01\n---\n\(paragraph)\n")
        }
        try site.write("site.yml", try site.read("site.yml") + "paginate: 2\n" + collections)
        // The plain pages show the data files (`change` adds, changes and removes them) and list
        // collections' items, a built-in kind's as a declared one's.
        try site.write(
            "templates/page.mustache",
            """
            {{<layout}}{{$main}}<h1>{{title}}</h1>{{{content}}}
            <table>{{#site.data.budget}}<tr><td>{{item}}</td><td>{{amount}}</td></tr>{{/site.data.budget}}
            <tr><th>Total</th><td>{{site.data_totals.budget.amount}}</td></tr></table>
            <ul>{{#site.data.links.items}}<li>{{label}}</li>{{/site.data.links.items}}</ul>
            <ul>{{#site.collections.menu.items}}<li>{{name}} {{item.price}}</li>{{/site.collections.menu.items}}</ul>
            <p>{{site.collections.profiles.count_text}} {{site.collections.events.count}}</p>
            {{/main}}{{/layout}}

            """)
        try site.write(
            "content/events/first.md",
            "---\ntitle: First\nstarts: 2025-02-02\nseats: 3\nspeakers: [s1]\n---\nThe first one.\n")
        try site.write(
            "templates/post.mustache",
            try site.read("templates/post.mustache").replacingOccurrences(
                of: "{{$main}}",
                with: "{{$main}}{{#page.item.series}}<p>{{.}}</p>{{/page.item.series}}"
                    + "{{#page.item.starts_iso}}<p>{{.}}</p>{{/page.item.starts_iso}}"
                    // A built-in kind's own fields, as any collection's item shows them.
                    + "<p>{{page.item.title}}|{{#page.item.tags}}{{name}} {{/page.item.tags}}</p>"))
        for (template, fields) in [
            ("menu-item", "{{page.item.name}}|{{page.item.price}}"),
            ("profile", "{{page.item.bio}}|{{page.item.username}}"),
        ] {
            try site.write(
                "templates/\(template).mustache",
                try site.read("templates/\(template).mustache").replacingOccurrences(
                    of: "{{$main}}", with: "{{$main}}<p>\(fields)</p>"))
        }
        try backdate(site)
        return site
    }
}
