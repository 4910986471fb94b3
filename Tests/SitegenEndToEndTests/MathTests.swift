import Foundation
import Testing

/// Math in a site's posts, as its author meets it: MathML in the page, a rejected expression warned about at
/// its place, each expression converted once (kept in the state folder), and one error naming what to
/// install when a site has new math and KaTeX is not found (`make deps` installs it).
@Suite struct MathEndToEndTests {
    private static let settings = "title: T\nbase_url: https://example.org/\n"
    /// A post with inline math on line 5, display math from line 7 and a math block; a bad expression on
    /// line 15, column 10 of the file.
    private static let post = """
        ---
        username: kim
        title: Math
        ---
        Thin space $a\\,b_1$ and a price of $5 and $10.

        $$
        \\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}
        $$

        ```math
        x_1 \\\\ x_2
        ```

        It fails: $\\frac{a$ here.

        """

    /// KaTeX's words for `\\frac{a`.
    private static let unclosed = "Unexpected end of input in a macro argument, expected '}'"

    private func site() throws -> TempSite {
        try TempSite.with(["site.yml": Self.settings, "content/posts/math.md": Self.post])
    }

    /// A `PATH` on which neither `katex` nor `node` is found.
    private func withoutKaTeX(_ site: TempSite) throws -> [String: String] {
        try site.write("empty/.keep", "")
        return ["PATH": site.url("empty").path]
    }

    @Test func mathBecomesMathMLAndARejectedExpressionIsAWarningAtItsPlace() throws {
        let site = try site()
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr
                == "content/posts/math.md:15:11: warning: this math cannot be shown: \(Self.unclosed)\n")
        let page = try site.read("public/posts/math/index.html")
        #expect(page.contains("<p>Thin space <math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics>"))
        #expect(page.contains("<annotation encoding=\"application/x-tex\">a\\,b_1</annotation>"))
        #expect(page.contains("</math> and a price of $5 and $10.</p>"))
        #expect(page.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(page.contains("<annotation encoding=\"application/x-tex\">x_1 \\\\ x_2</annotation>"))
        #expect(page.contains("It fails: <code class=\"math-error\">$\\frac{a$</code> here."))
        #expect(site.exists(".public.sitegen/math"))
    }

    @Test func unchangedMathIsNotConvertedAgainAndNewMathWithoutKaTeXIsOneError() throws {
        let site = try site()
        #expect(try site.sitegen("build").status == 0)
        let first = try site.read("public/posts/math/index.html")
        // The words change, the math does not: the build needs no converter.
        let environment = try withoutKaTeX(site)
        try site.write("content/posts/math.md", Self.post.replacingOccurrences(of: "It fails", with: "It breaks"))
        let again = try site.sitegen(["build"], environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            try site.read("public/posts/math/index.html")
                == first.replacingOccurrences(of: "It fails", with: "It breaks"))
        // New math needs the converter: one error at its place, the output left as it was.
        try site.write("content/posts/math.md", Self.post + "\nNew $y^2$ and $z^3$.\n")
        try site.write("content/posts/more.md", "---\nusername: kim\ntitle: More\n---\nAlso $w$.\n")
        let failed = try site.sitegen(["build"], environment: environment)
        #expect(failed.status != 0)
        #expect(
            failed.stderr == """
                content/posts/math.md:15:11: warning: this math cannot be shown: \(Self.unclosed)
                content/posts/math.md:17:5: error: math needs KaTeX to turn TeX into MathML, and no katex command \
                was found: install it (apt-get install katex on Debian, or npm install -g katex with Node.js), \
                then build again
                1 error in 1 file (and 1 warning); nothing was written

                """)
        #expect(try site.read("public/posts/math/index.html").contains("It breaks"))
    }

    @Test func anotherVersionOfTheConverterRendersUnchangedMathAgainAsACleanBuildWould() throws {
        let site = try site()
        #expect(try site.sitegen("build").status == 0)
        // A converter of another version first on PATH: a module of ours that answers every expression alike.
        try site.write("fake/katex/package.json", "{\"version\": \"0.0.1-test\", \"main\": \"index.js\"}\n")
        try site.write(
            "fake/katex/index.js",
            "module.exports = { renderToString: () => '<span class=\"katex\"><math><mi>fake</mi></math></span>' };\n")
        try site.write("fake/katex/cli.js", "")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: site.url("fake/katex/cli.js").path)
        try site.write("fake/bin/.keep", "")
        try FileManager.default.createSymbolicLink(
            atPath: site.url("fake/bin/katex").path, withDestinationPath: "../katex/cli.js")
        let path = site.url("fake/bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let run = try site.sitegen(["build"], environment: ["PATH": path])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try site.read("public/posts/math/index.html")
        #expect(page.contains("Thin space <math><mi>fake</mi></math> and"))
        #expect(!page.contains("math-error"))
        #expect(try site.sitegen(["build", "--quiet", "--output", "clean"], environment: ["PATH": path]).status == 0)
        #expect(TreeDigest(site.url("public")) == TreeDigest(site.url("clean")))
    }

    @Test func aSiteWithoutMathBuildsWithoutTheConverter() throws {
        let site = try TempSite.with([
            "site.yml": Self.settings,
            "content/posts/prices.md": "---\nusername: kim\ntitle: Prices\n---\nIt costs $5 and $10, or \\$20.\n",
        ])
        let run = try site.sitegen(["build"], environment: try withoutKaTeX(site))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(try site.read("public/posts/prices/index.html").contains("<p>It costs $5 and $10, or $20.</p>"))
        #expect(!site.exists(".public.sitegen/math"))
    }
}
