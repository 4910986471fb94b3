import Foundation
import Testing

/// A collection `site.yml` declares: its items read against its fields, a list page sorted and
/// cut as declared, a page per item and per taxonomy term, generic templates unless the site has its own.
@Suite struct CollectionTests {
    static let siteYML = """
        title: Club
        base_url: https://example.org/
        collections:
          events:
            title: Events
            fields:
              title:    {type: text, required: true}
              starts:   {type: date, required: true}
              venue:    {type: text}
              seats:    {type: integer, min: 0}
              speakers: {type: list, taxonomy: true}
              cover:    {type: image}
              host:     {type: text, required: true, immutable: true}
            sort: {by: starts, order: ascending}
            paginate: 2

        """

    static func event(_ title: String, starts: String, extra: String = "") -> String {
        "---\ntitle: \(title)\nstarts: \(starts)\nhost: kim\n\(extra)---\nAbout \(title).\n"
    }

    static func eventsSite() throws -> TempSite {
        try TempSite.with([
            "site.yml": siteYML,
            "content/events/summer.md": event("Summer", starts: "2025-07-01", extra: "speakers: [Kim, lee]\n"),
            "content/events/spring.md": event("Spring", starts: "2025-03-01", extra: "speakers: [kim]\nseats: 40\n"),
            "content/events/autumn.md": event("Autumn", starts: "2025-10-01"),
        ])
    }

    /// The `<main>` element of a page.
    static func main(_ html: String) -> String {
        guard let start = html.range(of: "<main"), let end = html.range(of: "</main>") else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func theListIsSortedByItsSortFieldAndCutIntoPages() throws {
        let site = try Self.eventsSite()
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        let first = try site.read("public/events/index.html")
        let spring = try #require(first.range(of: "/events/spring/"))
        let summer = try #require(first.range(of: "/events/summer/"))
        #expect(spring.lowerBound < summer.lowerBound)
        #expect(!first.contains("/events/autumn/"))
        #expect(first.contains("<p class=\"lead\">3 items</p>"))
        #expect(first.contains("<a href=\"/events/page/2/\" rel=\"next\">"))
        let second = try site.read("public/events/page/2/index.html")
        #expect(second.contains("/events/autumn/") && !second.contains("/events/spring/"))
        #expect(second.contains("<title>Events (page 2)") || second.contains("Events"))
    }

    @Test func eachItemHasAPageShowingEveryFieldWithTheGenericTemplate() throws {
        let site = try Self.eventsSite()
        #expect(try site.sitegen("build").status == 0)
        #expect(
            Self.main(try site.read("public/events/spring/index.html")) == """
                <main id="main" class="wrap">
                <article class="collection-item">
                  <header class="post-header">
                    <h1>Spring</h1>
                  </header>
                  <dl class="fields">
                    <dt>Starts</dt>
                    <dd><time datetime="2025-03-01T00:00:00Z">March 1, 2025</time></dd>
                    <dt>Seats</dt>
                    <dd>40</dd>
                    <dt>Speakers</dt>
                    <dd><ul class="tags"><li><a href="/events/speakers/kim/">kim</a></li></ul></dd>
                    <dt>Host</dt>
                    <dd>kim</dd>
                  </dl>
                  <div class="prose"><p>About Spring.</p>
                </div>
                  <p><a href="/events/">← Events</a></p>
                </article>

                </main>
                """)
    }

    @Test func aTaxonomyFieldHasAPagePerTermListingItsItems() throws {
        let site = try Self.eventsSite()
        #expect(try site.sitegen("build").status == 0)
        // `Kim` and `kim` are one term, named as the first item in the list's order writes it.
        let kim = Self.main(try site.read("public/events/speakers/kim/index.html"))
        #expect(kim.contains("<h1>Events: kim</h1>"))
        #expect(
            kim.contains(
                "<p class=\"lead\">2 items · <a href=\"/events/\">Events</a> · <a href=\"/events/speakers/\">Speakers</a></p>"
            ))
        #expect(kim.contains("/events/spring/") && kim.contains("/events/summer/") && !kim.contains("/events/autumn/"))
        let lee = Self.main(try site.read("public/events/speakers/lee/index.html"))
        #expect(lee.contains("/events/summer/") && !lee.contains("/events/spring/"))
    }

    @Test func aTaxonomyFieldHasAPageOfItsTerms() throws {
        let site = try Self.eventsSite()
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            Self.main(try site.read("public/events/speakers/index.html")) == """
                <main id="main" class="wrap">
                <h1>Events: Speakers</h1>
                <p class="lead"><a href="/events/">Events</a> · 3 items</p>
                <ul class="tag-cloud">
                  <li><a href="/events/speakers/kim/">kim</a> <span class="count">2 items</span></li>
                  <li><a href="/events/speakers/lee/">lee</a> <span class="count">1 item</span></li>
                </ul>

                </main>
                """)
        #expect(try site.read("public/sitemap.xml").contains("/events/speakers/</loc>"))
        // A field no item names a term of has no page: nothing would be on it.
        try site.write("content/events/summer.md", Self.event("Summer", starts: "2025-07-01"))
        try site.write("content/events/spring.md", Self.event("Spring", starts: "2025-03-01"))
        #expect(try site.sitegen("build").status == 0)
        #expect(!site.exists("public/events/speakers/index.html"))
    }

    @Test func anItemAtTheAddressOfATaxonomyFieldsTermsIsAnError() throws {
        let site = try Self.eventsSite()
        try site.write("content/events/speakers.md", Self.event("Speakers", starts: "2025-01-01"))
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                content/events/speakers.md: error: two pages would be written to events/speakers/index.html: \
                this file and sitegen's own page; rename one of them
                1 error in 1 file; nothing was written

                """)
        #expect(!site.exists("public"))
    }

    @Test func theSitesOwnTemplatesReplaceTheGenericOnes() throws {
        let site = try Self.eventsSite()
        try site.write(
            "templates/events.mustache",
            "{{#site.collections.events}}{{title}} at {{url}}:{{#items}} {{item.title}} ({{item.starts}}){{/items}}{{/site.collections.events}}\n"
        )
        try site.write(
            "templates/events-item.mustache",
            "{{page.item.title}}|{{page.item.starts}}|{{page.item.starts_iso}}|{{page.item.seats}}|"
                + "{{#page.item.speakers}}{{name}}>{{url}} {{/page.item.speakers}}|{{page.item.host}}\n")
        try site.write(
            "templates/events-terms.mustache",
            "{{page.field.label}} of {{page.collection.title}}:{{#page.terms}} {{name}}={{count}}{{/page.terms}}\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try site.read("public/events/index.html")
                == "Events at /events/: Spring (March 1, 2025) Summer (July 1, 2025) Autumn (October 1, 2025)\n")
        #expect(try site.read("public/events/speakers/index.html") == "Speakers of Events: kim=2 lee=1\n")
        #expect(
            try site.read("public/events/spring/index.html")
                == "Spring|March 1, 2025|2025-03-01T00:00:00Z|40|kim>/events/speakers/kim/ |kim\n")
    }

    @Test func editingOneItemRerendersOnlyThePagesShowingIt() throws {
        let site = try Self.eventsSite()
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        try site.write("content/events/autumn.md", Self.event("Autumn", starts: "2025-10-01") + "More.\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        // Its page and the list's second page, where it is; not the first page, the other items or the terms.
        #expect(run.stdout.contains("(2 rendered, 9 unchanged)"), "\(run.stdout)")
        try site.write(
            "content/events/summer.md",
            Self.event("Summer", starts: "2025-07-01", extra: "speakers: [Kim, lee]\nseats: 9\n"))
        let summer = try site.sitegen("build")
        // Its page, the list's first page and its two terms' pages: every page that shows the item
        // (not the page of the terms, whose counts are the same).
        #expect(summer.stdout.contains("(4 rendered, 7 unchanged)"), "\(summer.stdout)")
    }

    @Test func aDeclaredCollectionIsInTheDefaultNavAndTheHomePagesTiles() throws {
        let site = try Self.eventsSite()
        #expect(try site.sitegen("build").status == 0)
        let home = try site.read("public/index.html")
        #expect(home.contains("<a class=\"tile\" href=\"/events/\"><strong>Events</strong><span>3 items</span></a>"))
        #expect(home.contains("<a href=\"/events/\""))
    }

    @Test func everyBadValueIsAnErrorAtItAllInOneRunAndNothingIsWritten() throws {
        let site = try Self.eventsSite()
        try site.write(
            "content/events/bad.md",
            """
            ---
            title: [a]
            starts: someday
            seats: -1
            speakers: {a: 1}
            cover: "javascript:alert(1)"
            ---
            """)
        try site.write(
            "content/events/worse.md", "---\ntitle: Worse\nstarts: 2025-01-01\nhost: kim\nseats: many\n---\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                content/events/bad.md:1:1: error: missing required field "host"
                content/events/bad.md:2:8: error: title must be text, found a list
                content/events/bad.md:3:9: error: starts must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got "someday"
                content/events/bad.md:4:8: error: seats must be at least 0, got -1
                content/events/bad.md:5:11: error: speakers must be a list of texts, found a mapping
                content/events/bad.md:6:8: error: cover must be an image file like cover.jpg or /images/cover.jpg, or an https:// URL, got "javascript:alert(1)"
                content/events/worse.md:5:8: error: seats must be a whole number, got "many"
                7 errors in 2 files; nothing was written

                """)
        #expect(!site.exists("public"))
    }

    @Test func aKeyNoFieldDeclaresIsAWarningWithTheNearestField() throws {
        let site = try Self.eventsSite()
        try site.write("content/events/spring.md", Self.event("Spring", starts: "2025-03-01", extra: "venu: Hall A\n"))
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "content/events/spring.md:5:1: warning: an item of events has no field \"venu\"; it is ignored; "
                + "did you mean \"venue\"?\n")
    }

    @Test func anImageIsResolvedLikeAMarkdownImageAndSized() throws {
        let site = try Self.eventsSite()
        try site.write(
            "content/events/spring/index.md", Self.event("Spring", starts: "2025-03-01", extra: "cover: poster.png\n"))
        try FileManager.default.removeItem(at: site.url("content/events/spring.md"))
        try site.writeBytes("content/events/spring/poster.png", ImageTests.png(width: 640, height: 480))
        try site.write(
            "templates/events-item.mustache",
            "{{#page.item.cover}}<img src=\"{{src}}\" alt=\"{{alt}}\" width=\"{{width}}\" height=\"{{height}}\">{{/page.item.cover}}\n"
        )
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try site.read("public/events/spring/index.html")
                == "<img src=\"/events/spring/poster.png\" alt=\"Spring\" width=\"640\" height=\"480\">\n")
        #expect(try site.bytes("public/events/spring/poster.png") == ImageTests.png(width: 640, height: 480))
    }

    @Test func aLinkToAnItemsFileGoesToItsPage() throws {
        let site = try Self.eventsSite()
        try site.write("content/events/spring/index.md", Self.event("Spring", starts: "2025-03-01"))
        try FileManager.default.removeItem(at: site.url("content/events/spring.md"))
        try site.write(
            "content/about.md", "See [spring](events/spring/index.md) and [summer](events/summer.md).\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try site.read("public/about/index.html").contains(
                "See <a href=\"/events/spring/\">spring</a> and <a href=\"/events/summer/\">summer</a>."))
    }

    @Test func aMissingLocalImageIsAnErrorAtTheField() throws {
        let site = try Self.eventsSite()
        try site.write(
            "content/events/spring.md", Self.event("Spring", starts: "2025-03-01", extra: "cover: /images/none.png\n"))
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                content/events/spring.md:5:8: error: cover names "/images/none.png", but the site publishes no /images/none.png (put the image at static/images/none.png)
                1 error in 1 file; nothing was written

                """)
    }

    @Test func aMistakeInTheDeclarationIsAnErrorInSiteYml() throws {
        let site = try Self.eventsSite()
        try site.write(
            "site.yml", Self.siteYML.replacingOccurrences(of: "{type: integer, min: 0}", with: "{type: integr}"))
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                content/events/spring.md:6:1: warning: an item of events has no field "seats"; it is ignored; did you mean "starts"?
                site.yml:10:24: error: unknown type "integr" for field seats; did you mean "integer"? (the types are \
                text, markdown, integer, number, boolean, date, list, url, image, choice)
                1 error in 1 file (and 1 warning); nothing was written

                """)
        #expect(!site.exists("public"))
    }

    @Test func feedTrueAddsTheItemsToTheFeedByDate() throws {
        let site = try Self.eventsSite()
        try site.write("site.yml", Self.siteYML + "    feed: true\n")
        try site.write("content/posts/hello.md", "---\nusername: kim\ntitle: Hello\ndate: 2025-05-01\n---\nHi\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        let feed = try site.read("public/feed.xml")
        let titles = feed.components(separatedBy: "<title>").dropFirst(2).map { $0.prefix { $0 != "<" } }
        #expect(titles == ["Autumn", "Summer", "Hello", "Spring"])
        #expect(feed.contains("<updated>2025-10-01T00:00:00Z</updated>"))
    }

    static let projectsYML = """
        title: 모임
        base_url: https://example.org/
        language: ko
        collections:
          projects:
            title: 프로젝트
            fields:
              title: text
              summary: {type: markdown, label: 요약}
              budget: {type: number, min: 0, label: 예산}
              open: boolean
              site: url
              status: {type: choice, of: [draft, done]}
              labels: list

        """

    @Test func theGenericTemplateShowsEachTypeAsItIsInTheSitesLanguage() throws {
        let site = try TempSite.with([
            "site.yml": Self.projectsYML,
            "content/projects/wiki.md": """
            ---
            title: Wiki
            summary: "Built *fast* with [docs](https://example.org/docs)"
            budget: 2.5
            open: true
            site: https://example.org/wiki
            status: done
            labels: [a, b]
            ---
            Text

            """,
        ])
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        let page = Self.main(try site.read("public/projects/wiki/index.html"))
        #expect(
            page.contains(
                """
                    <dt>요약</dt>
                    <dd>Built <em>fast</em> with <a href="https://example.org/docs">docs</a></dd>
                    <dt>예산</dt>
                    <dd>2.5</dd>
                    <dt>Open</dt>
                    <dd>예</dd>
                    <dt>Site</dt>
                    <dd><a href="https://example.org/wiki">https://example.org/wiki</a></dd>
                    <dt>Status</dt>
                    <dd>done</dd>
                    <dt>Labels</dt>
                    <dd><ul class="tags"><li>a</li><li>b</li></ul></dd>
                """), "\(page)")
        #expect(Self.main(try site.read("public/projects/index.html")).contains("<p class=\"lead\">항목 1개</p>"))
    }

    @Test func eachTypeRefusesWhatItCannotHold() throws {
        let site = try TempSite.with([
            "site.yml": Self.projectsYML,
            "content/projects/wiki.md":
                "---\nsummary: [a]\nbudget: high\nopen: yes\nsite: about\nstatus: finished\nlabels: {a: 1}\n---\n",
        ])
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                content/projects/wiki.md:2:10: error: summary must be text (Markdown), found a list
                content/projects/wiki.md:3:9: error: budget must be a number, got "high"
                content/projects/wiki.md:4:7: error: open must be true or false, got "yes"
                content/projects/wiki.md:5:7: error: site must be a URL like https://example.org/ or a path of the site like /about/, got "about"
                content/projects/wiki.md:6:9: error: status must be one of draft, done, got "finished"
                content/projects/wiki.md:7:9: error: labels must be a list of texts, found a mapping
                6 errors in 1 file; nothing was written

                """)
        #expect(!site.exists("public"))
    }
}
