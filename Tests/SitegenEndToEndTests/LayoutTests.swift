import Foundation
import Testing

/// `layout: NAME`: a page or an item rendered with `templates/NAME.mustache` instead of its
/// kind's template; a layout naming no template, or no template name, is an error at its value.
@Suite struct LayoutTests {
    private static let report =
        "{{<layout}}{{$main}}<div class=\"report\">{{title}}{{name}}: {{{content}}}</div>{{/main}}{{/layout}}\n"

    /// The sample site with `templates/report.mustache`.
    private func siteWithReport() throws -> TempSite {
        let site = try TempSite.sample()
        try site.write("templates/report.mustache", Self.report)
        return site
    }

    @Test func aPlainPageIsRenderedWithItsLayout() throws {
        let site = try siteWithReport()
        try site.write("content/about.md", "---\ntitle: About\nlayout: report\n---\nHello.\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        let page = try site.read("public/about/index.html")
        #expect(page.contains("<div class=\"report\">About: <p>Hello.</p>\n</div>"), "\(page)")
        #expect(page.contains("<nav class=\"site-nav\""))  // The layout extends the theme's frame.
        #expect(!(try site.read("public/posts/scrum-study/index.html")).contains("class=\"report\""))
    }

    @Test func aPostIsRenderedWithItsLayoutFromTheBuiltInThemeOrTheSite() throws {
        let site = try siteWithReport()
        try site.write("content/posts/a.md", "---\nusername: u\ntitle: A\nlayout: report\n---\nText A.\n")
        try site.write("content/posts/b.md", "---\nusername: u\ntitle: B\nlayout: page\n---\nText B.\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("public/posts/a/index.html").contains("<div class=\"report\">A: <p>Text A.</p>"))
        // The built-in `page` template: an article with the title, no post header.
        let b = try site.read("public/posts/b/index.html")
        #expect(b.contains("<article>\n  <h1>B</h1>\n  <div class=\"prose\"><p>Text B.</p>"), "\(b)")
        #expect(try site.read("public/posts/index.html").contains("/posts/a/"))  // Still listed as a post.
    }

    @Test func theHomePageAMenuItemAndAProfileTakeALayout() throws {
        let site = try siteWithReport()
        try site.write("content/index.md", "---\ntitle: Home\nlayout: report\n---\nWelcome.\n")
        try site.write("content/menu/대방어.md", "---\nname: 대방어\nprice: 33000\nlayout: report\n---\n회.\n")
        try site.write("content/profiles/kim.md", "---\nname: Kim\nlayout: report\n---\nAbout Kim.\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("public/index.html").contains("<div class=\"report\">Home: <p>Welcome.</p>"))
        // A menu item's text is `description`, a profile's `about`: this layout shows only their names.
        #expect(try site.read("public/menu/대방어/index.html").contains("<div class=\"report\">대방어: </div>"))
        #expect(try site.read("public/profiles/kim/index.html").contains("<div class=\"report\">Kim: </div>"))
    }

    @Test func anItemOfADeclaredCollectionTakesALayoutAndAMissingOneIsLocated() throws {
        let site = try siteWithReport()
        try site.write(
            "site.yml",
            try site.read("site.yml") + "collections:\n  events:\n    fields:\n      title: text\n      starts: date\n")
        try site.write("content/events/spring.md", "---\ntitle: Spring\nstarts: 2025-03-01\nlayout: report\n---\nHi.\n")
        try site.write("content/events/autumn.md", "---\ntitle: Autumn\nstarts: 2025-09-01\n---\nHo.\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("public/events/spring/index.html").contains("<div class=\"report\">Spring: <p>Hi.</p>"))
        #expect(!(try site.read("public/events/autumn/index.html")).contains("class=\"report\""))
        try site.write("content/events/autumn.md", "---\ntitle: Autumn\nstarts: 2025-09-01\nlayout: gala\n---\nHo.\n")
        let before = TreeDigest(site.url("public"))
        let missing = try site.sitegen("build")
        #expect(missing.status == 1)
        #expect(
            missing.stderr.hasPrefix(
                "content/events/autumn.md:4:9: error: no template \"gala\" for layout: (templates/gala.mustache)"),
            "\(missing.stderr)")
        #expect(TreeDigest(site.url("public")) == before)
    }

    @Test func aLayoutWithoutATemplateIsAnErrorAtItsValueWithTheSitesOtherErrors() throws {
        let site = try TempSite.sample()
        try site.write("content/about.md", "---\ntitle: About\nlayout: report\n---\nHello.\n")
        try site.write("content/posts/a.md", "---\nusername: u\nlayout: pagee\n---\nA\n")
        try site.write("content/posts/b.md", "---\nusername: u\ndate: someday\n---\nB\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "content/about.md:3:9: error: no template \"report\" for layout: (templates/report.mustache)",
                "content/posts/a.md:3:9: error: no template \"pagee\" for layout: (templates/pagee.mustache);"
                    + " did you mean \"page\"?",
                "content/posts/b.md:3:7: error: date must be a date like 2024-05-01 or 2024-05-01T09:30:00Z,"
                    + " got \"someday\"",
                "3 errors in 3 files; nothing was written",
            ], "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func aLayoutThatIsNoTemplateNameIsAnErrorAtItsValue() throws {
        let site = try TempSite.sample()
        let names = [
            "a": "partials/avatar", "b": "report.mustache", "c": "..", "d": "\"\"", "e": "posts", "f": "[report]",
            "g": "my report",
        ]
        for (slug, name) in names { try site.write("content/\(slug).md", "---\nlayout: \(name)\n---\nText\n") }
        try site.write("content/primes.md", "---\ncount: 3\nlayout: page\n---\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "content/a.md:2:9: error: layout \"partials/avatar\" must name a template in templates/ itself,"
                    + " without folders (partials cannot be layouts)",
                "content/b.md:2:9: error: layout \"report.mustache\" names a file; write the template's name"
                    + " without .mustache (layout: report)",
                "content/c.md:2:9: error: layout \"..\" must be a template's name like report, not a path",
                "content/d.md:2:9: error: layout must not be empty; name a template, like layout: report"
                    + " (templates/report.mustache)",
                "content/e.md:2:9: error: layout \"posts\" names a template sitegen renders its own lists and files"
                    + " with; a layout names a page's template, like page, post or one of yours"
                    + " (templates/report.mustache)",
                "content/f.md:2:9: error: layout must be a template's name, found a list",
                "content/g.md:2:9: error: layout \"my report\" must be a template's name: letters, digits, -, _ and .",
                "content/primes.md:3:9: error: layout cannot be set here: content/primes.md makes two pages,"
                    + " /counter/ and /primes/, each with its own template; change templates/counter.mustache"
                    + " or templates/primes.mustache instead",
                "8 errors in 8 files; nothing was written",
            ], "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func editingALayoutsTemplateRerendersExactlyThePagesUsingIt() throws {
        let site = try siteWithReport()
        try site.write("content/about.md", "---\ntitle: About\nlayout: report\n---\nHello.\n")
        try site.write("content/posts/a.md", "---\nusername: u\ntitle: A\nlayout: report\n---\nText A.\n")
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        try site.write("templates/report.mustache", Self.report.replacingOccurrences(of: "report\"", with: "v2\""))
        let run = try site.sitegen("build")
        #expect(run.stdout.contains("(2 rendered, 31 unchanged)"), "\(run.stdout)")
        #expect(try site.read("public/about/index.html").contains("<div class=\"v2\">About"))
        #expect(try site.read("public/posts/a/index.html").contains("<div class=\"v2\">A"))
        try site.expectSameAsCleanBuild("after the layout's template changed")
    }

    @Test func changingOrRemovingALayoutRerendersThatPage() throws {
        let site = try siteWithReport()
        try site.write("content/about.md", "---\ntitle: About\nlayout: report\n---\nHello.\n")
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        for (layout, shows) in [
            ("layout: page\n", "<h1>About</h1>"), ("", "<h1>About</h1>"), ("layout: report\n", "report"),
        ] {
            try site.write("content/about.md", "---\ntitle: About\n\(layout)---\nHello.\n")
            let run = try site.sitegen("build")
            #expect(run.stdout.contains("(1 rendered, "), "\(layout): \(run.stdout)")
            #expect(try site.read("public/about/index.html").contains(shows), "\(layout)")
            try site.expectSameAsCleanBuild(layout)
        }
    }

    /// Two templates that include each other: rendered with either, a page uses both, and the
    /// page's record must still tell which one it was rendered with.
    @Test func aLayoutChangedToATemplateTheOldOneUsedIsRenderedAgain() throws {
        let site = try TempSite.sample()
        try site.write("templates/outer.mustache", "{{<inner}}{{$part}}outer{{/part}}{{/inner}}\n")
        try site.write("templates/inner.mustache", "<p>inner {{$part}}{{>outer}}{{/part}}</p>\n")
        try site.write("content/about.md", "---\ntitle: About\nlayout: outer\n---\nHello.\n")
        for _ in 0..<2 { #expect(try site.sitegen("build").status == 0) }
        #expect(try site.read("public/about/index.html") == "<p>inner outer</p>\n\n")
        try site.write("content/about.md", "---\ntitle: About\nlayout: inner\n---\nHello.\n")
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/about/index.html") == "<p>inner <p>inner outer</p>\n\n</p>\n")
        try site.expectSameAsCleanBuild("after the layout changed")
    }

    @Test func addingTheMissingTemplateMakesTheNextBuildSucceed() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        let before = TreeDigest(site.url("public"))
        try site.write("content/about.md", "---\ntitle: About\nlayout: report\n---\nHello.\n")
        #expect(try site.sitegen("build").status == 1)
        #expect(TreeDigest(site.url("public")) == before)
        try site.write("templates/report.mustache", Self.report)
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("public/about/index.html").contains("<div class=\"report\">About"))
        try site.expectSameAsCleanBuild("after the template was added")
    }

    @Test func editSetsALayoutThatHasATemplate() throws {
        let site = try siteWithReport()
        let run = try site.sitegen("edit", "content/about.md", "--set", "layout=report")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/about.md").hasPrefix("---\ntitle: About this site\n"))
        #expect(try site.read("content/about.md").contains("\nlayout: report\n---\n"))
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/about/index.html").contains("<div class=\"report\">About this site"))
    }

    @Test func editRefusesALayoutWithoutATemplateAndLeavesTheFileAsItWas() throws {
        let site = try TempSite.sample()
        let before = try site.identity("content/about.md")
        Thread.sleep(forTimeInterval: 0.01)  // a write would show as a later modification time
        for (name, message) in [
            ("reprt", "content/about.md:4:9: error: no template \"reprt\" for layout: (templates/reprt.mustache)"),
            (
                "paeg",
                "content/about.md:4:9: error: no template \"paeg\" for layout: (templates/paeg.mustache); did you mean \"page\"?"
            ),
            (
                "../x",
                "content/about.md:4:9: error: layout \"../x\" must name a template in templates/ itself, without folders (partials cannot be layouts)"
            ),
        ] {
            let run = try site.sitegen("edit", "content/about.md", "--set", "layout=\(name)")
            #expect(run.status == 1)
            #expect(run.stderr == message + "\n1 error in 1 file; nothing was written\n", "\(run.stderr)")
            #expect(try site.identity("content/about.md") == before, "\(name): the file was touched")
        }
    }
}
