import Foundation
import Testing

/// ```` ```mermaid ```` diagrams as a site's author meets them: drawn only with `mermaid: {script: URL}`
/// in `site.yml`, and only on the pages that have one; without the setting, shown as code and said once.
@Suite struct MermaidDiagramTests {
    private static let settings = "title: T\nbase_url: https://example.org/club/\n"
    private static let script = "https://cdn.example.org/mermaid@11/mermaid.esm.min.mjs"
    private static let advice =
        "```mermaid diagrams are shown as code; to draw them, set mermaid: {script: URL} in site.yml to the URL of "
        + "mermaid's ES module, e.g. mermaid: {script: https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs}"

    /// A post with a diagram on line 7 of the file, another with one on line 6, and a post without.
    private func site(_ settings: String) throws -> TempSite {
        try TempSite.with([
            "site.yml": settings,
            "content/posts/flow.md":
                "---\nusername: kim\ntitle: Flow\n---\nThe loop:\n\n```mermaid\ngraph LR\n  A --> B\n```\n",
            "content/posts/pie.md": "---\nusername: kim\ntitle: Pie\n---\n\n```mermaid\npie\n  \"a\" : 1\n```\n",
            "content/posts/plain.md": "---\nusername: kim\ntitle: Plain\n---\nNo diagram.\n",
        ])
    }

    @Test func withTheSettingOnlyPagesWithADiagramLoadTheScript() throws {
        let site = try site(Self.settings + "mermaid: {script: \(Self.script)}\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let flow = try site.read("public/posts/flow/index.html")
        #expect(flow.contains("<pre class=\"mermaid\">graph LR\n  A --&gt; B\n</pre>"))
        #expect(flow.contains("<script type=\"module\">import mermaid from \"\(Self.script)\";"))
        #expect(try site.read("public/posts/pie/index.html").contains("import mermaid from"))
        #expect(!(try site.read("public/posts/plain/index.html")).contains("mermaid"))
        #expect(!(try site.read("public/index.html")).contains("<script type=\"module\">import mermaid"))
    }

    @Test func aPathFromTheSiteRootIsPutUnderTheBaseURLsPath() throws {
        let site = try site(Self.settings + "mermaid:\n  script: /js/mermaid.mjs\n")
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/posts/flow/index.html").contains("import mermaid from \"/club/js/mermaid.mjs\";"))
    }

    @Test func withoutTheSettingADiagramIsCodeAndCheckAndBuildSayOnceHowToDrawIt() throws {
        let site = try site(Self.settings)
        let check = try site.sitegen("check")
        #expect(check.status == 0)
        let once = "content/posts/flow.md:7:1: warning: \(Self.advice) (2 files have diagrams; this is the first)\n"
        #expect(check.stderr == once, "\(check.stderr)")
        let build = try site.sitegen("build")
        #expect(build.status == 0)
        #expect(build.stderr == once, "\(build.stderr)")
        let flow = try site.read("public/posts/flow/index.html")
        #expect(flow.contains("<code class=\"language-mermaid\">graph LR\n"))
        #expect(!flow.contains("class=\"mermaid\"") && !flow.contains("import mermaid"))
        // A rebuild that renders nothing still says it, once.
        #expect(try site.sitegen("build").stderr == once)
    }

    private func expectFailure(_ settings: String, line: String) throws {
        let site = try site(Self.settings + settings)
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(run.stderr.contains(line + "\n"), "stderr was: \(run.stderr)")
        #expect(run.stderr.hasSuffix("\n1 error in 1 file; nothing was written\n"), "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func aScriptThatIsNoURLIsAnErrorAtTheValue() throws {
        try expectFailure(
            "mermaid: {script: mermaid.mjs}\n",
            line:
                "site.yml:3:19: error: mermaid.script must be an http:// or https:// URL or a path from the site's root "
                + "(starting with /) of mermaid's ES module, got \"mermaid.mjs\"")
        try expectFailure(
            "mermaid: {script: \"https://cdn.example.org/my mermaid.mjs\"}\n",
            line:
                "site.yml:3:19: error: mermaid.script must be an http:// or https:// URL or a path from the site's root "
                + "(starting with /) of mermaid's ES module, got \"https://cdn.example.org/my mermaid.mjs\"")
    }

    @Test func aMermaidSettingThatIsNoMappingOrLacksScriptIsAnErrorAtIt() throws {
        try expectFailure(
            "mermaid: https://cdn.example.org/m.mjs\n",
            line:
                "site.yml:3:10: error: mermaid must be a mapping like {script: https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs}, found a single value"
        )
        try expectFailure(
            "mermaid: {src: /m.mjs}\n",
            line: "site.yml:3:11: error: mermaid has no setting \"src\"; it has script")
        try expectFailure(
            "mermaid: {}\n",
            line:
                "site.yml:3:10: error: mermaid needs script, the URL of mermaid's ES module, like {script: https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs}"
        )
    }
}
