import Foundation
import Testing

/// The default theme, a site's overrides, and template errors in `build` and `render`.
@Suite struct TemplateTests {
    /// The sample site without its templates/ folder: the built-in theme alone.
    private func siteWithoutTemplates() throws -> TempSite {
        let site = try TempSite.sample()
        try FileManager.default.removeItem(at: site.url("templates"))
        return site
    }

    @Test func siteWithoutTemplatesUsesTheBuiltInTheme() throws {
        let site = try siteWithoutTemplates()
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/counter/index.html").contains("7 is prime 🎉"))
        #expect(site.exists("public/assets/style.css"))
    }

    @Test func oneOverriddenTemplateReplacesOnlyThatPage() throws {
        let site = try siteWithoutTemplates()
        try site.write(
            "templates/profile.mustache",
            "{{<layout}}{{$main}}<p class=\"mine\">{{name}} says {{bio}}</p>{{/main}}{{/layout}}\n")
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/profiles/kim/index.html").contains("<p class=\"mine\">Kim says Hello World</p>"))
        #expect(try site.read("public/profiles/kim/index.html").contains("<nav class=\"site-nav\""))
        #expect(try site.read("public/menu/index.html").contains("33,000원"))
    }

    @Test func overriddenStylesheetIsCopied() throws {
        let site = try siteWithoutTemplates()
        try site.write("templates/assets/style.css", "body { color: red }\n")
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/assets/style.css") == "body { color: red }\n")
    }

    @Test func syntaxErrorInATemplateIsReportedAtItsTag() throws {
        let site = try siteWithoutTemplates()
        try site.write("templates/post.mustache", "<h1>{{title}}</h1>\n{{#tags}}\n<p>{{name}}</p>\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(run.stderr.contains("templates/post.mustache:2:1: error: unclosed section \"tags\"\n"), "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func missingPartialIsAnErrorInBuild() throws {
        let site = try siteWithoutTemplates()
        try site.write(
            "templates/page.mustache", "{{<layout}}{{$main}}\n  {{>partials/footer}}\n{{/main}}{{/layout}}\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("templates/page.mustache:2:3: error: partial \"partials/footer\" not found"),
            "\(run.stderr)")
    }

    @Test func missingPartialRendersEmptyInRenderAsTheSpecSays() throws {
        let site = try TempSite.with(["t.mustache": "[{{>nothere}}]{{name}}", "d.yml": "name: \"A & B\"\n"])
        let run = try site.sitegen("render", "t.mustache", "--data", "d.yml")
        #expect(run.status == 0)
        #expect(run.stdout == "[]A &amp; B")
    }

    @Test func renderReadsJSONAndPrintsExactly() throws {
        let site = try TempSite.with([
            "t.mustache": "{{#items}}{{.}},{{/items}} {{price}} {{ratio}}",
            "d.json": "{\"items\": [1, 2], \"price\": 33000, \"ratio\": 1.21}",
        ])
        let run = try site.sitegen("render", "t.mustache", "--data", "d.json")
        #expect(run.stdout == "1,2, 33000 1.21")
    }

    @Test func renderUsesThePartialsFolder() throws {
        let site = try TempSite.with(["t.mustache": "<{{>p}}>", "parts/p.mustache": "{{x}}", "d.yml": "x: 1\n"])
        #expect(try site.sitegen("render", "t.mustache", "--data", "d.yml", "--partials", "parts").stdout == "<1>")
    }

    @Test func renderReportsAPartialItCannotRead() throws {
        let site = try TempSite.with(["t.mustache": "<{{>p}}>", "parts/ok.mustache": "{{x}}", "d.yml": "x: 1\n"])
        // A partial whose file is gone: a link left behind by a move.
        try FileManager.default.createSymbolicLink(
            atPath: site.url("parts/p.mustache").path, withDestinationPath: "moved/p.mustache")
        let run = try site.sitegen("render", "t.mustache", "--data", "d.yml", "--partials", "parts")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "parts/p.mustache: error: cannot read file: No such file or directory\n"
                + "1 error in 1 file; nothing was rendered\n")
        #expect(run.stdout == "")
    }

    @Test func renderReportsAPartialThatIsNotText() throws {
        let site = try TempSite.with(["t.mustache": "<{{>p}}>", "d.yml": "x: 1\n"])
        try site.writeBytes("p.mustache", [0x7B, 0x7B, 0xFF, 0x7D, 0x7D])
        let run = try site.sitegen("render", "t.mustache", "--data", "d.yml")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasSuffix(
                "/p.mustache:1:3: error: file is not valid UTF-8 (byte 0xFF here); save it as UTF-8\n"
                    + "1 error in 1 file; nothing was rendered\n"), "\(run.stderr)")
        #expect(run.stdout == "")
    }

    @Test func renderReportsATemplateErrorWithItsPlace() throws {
        let site = try TempSite.with(["t.mustache": "a\n{{/x}}", "d.yml": "{}\n"])
        let run = try site.sitegen("render", "t.mustache", "--data", "d.yml")
        #expect(run.status == 1)
        #expect(run.stderr.contains(":2:1: error: closing tag \"x\" has no opening tag"), "\(run.stderr)")
    }
}
