import Foundation
import Testing

/// `unsafe_html: safe` as a site's author meets it: harmless HTML kept, the rest left out with a
/// warning at its place, links and images in the kept HTML resolved and checked like Markdown's.
@Suite struct RawHTMLSafeModeTests {
    private static let settings = "title: T\nbase_url: https://example.org/club/\nunsafe_html: safe\n"
    private static let advice = "unsafe_html: safe keeps only harmless HTML"

    /// A post with harmless and dangerous raw HTML; its body starts on line 5.
    private static let post = """
        ---
        username: kim
        title: Raw
        ---
        <details>
        <summary>The photo</summary>

        <img src="photo.png" alt="A photo" width="30">

        </details>

        Click <a href="javascript:alert(1)" onclick="steal()">here</a> or <kbd>Esc</kbd>.

        <script>alert(1)</script>

        <iframe src="https://example.org/"></iframe>

        """

    private func site(_ body: String = post) throws -> TempSite {
        let site = try TempSite.with(["site.yml": Self.settings, "content/posts/raw/index.md": body])
        try site.writeBytes("content/posts/raw/photo.png", ImageTests.png(width: 30, height: 20))
        return site
    }

    @Test func harmlessHTMLIsKeptAndTheRestLeftOutWithAWarningAtEachPlace() throws {
        let site = try site()
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "content/posts/raw/index.md:12:7: warning: href=\"javascript:alert(1)\" on <a> is left out of the page: a link here must be http:, https:, mailto: or into the site",
                "content/posts/raw/index.md:12:7: warning: onclick on <a> is left out of the page; \(Self.advice)",
                "content/posts/raw/index.md:14:1: warning: <script> is left out of the page with what it holds; \(Self.advice)",
                "content/posts/raw/index.md:16:1: warning: <iframe> is left out of the page with what it holds; \(Self.advice)",
            ], "\(run.stderr)")
        let page = try site.read("public/posts/raw/index.html")
        #expect(
            page.contains(
                "<details>\n<summary>The photo</summary>\n<img src=\"/club/posts/raw/photo.png\" alt=\"A photo\" width=\"30\">\n</details>"
            ), "\(page)")
        #expect(page.contains("<p>Click <a>here</a> or <kbd>Esc</kbd>.</p>"))
        for left in ["javascript:", "onclick", "steal", "<script>alert", "<iframe"] {
            #expect(!page.contains(left), "\(left)")
        }
        #expect(site.exists("public/posts/raw/photo.png"))
    }

    @Test func theSameThingLeftOutManyTimesInAFileIsOneWarningAtItsFirstPlaceWithTheCount() throws {
        let table =
            "<table>\n<tr><td style=\"color: red\">a</td><td style=\"color: red\">b</td></tr>\n"
            + "<tr><td style=\"x\">c</td><td onclick=\"f()\">d</td></tr>\n</table>\n"
        let site = try site("---\nusername: kim\ntitle: Raw\n---\n" + table)
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderr.split(separator: "\n").map(String.init)
        #expect(warnings.count == 2, "\(run.stderr)")
        #expect(
            warnings.first?.hasPrefix("content/posts/raw/index.md:6:5: warning: style on <td> is left out of the page")
                == true, "\(run.stderr)")
        #expect(warnings.first?.hasSuffix(" (3 places in this file; this is the first)") == true, "\(run.stderr)")
        #expect(warnings.last?.contains("onclick on <td>") == true && warnings.last?.contains("places") == false)
        #expect(!(try site.read("public/posts/raw/index.html")).contains("color: red"))
    }

    @Test func aMissingImageOrPageInKeptHTMLIsAnErrorAtItsPlaceAndNothingIsWritten() throws {
        let site = try site(
            "---\nusername: kim\n---\nSee:\n\n<p><img src=\"gone.png\" alt=\"\"> <a href=\"../nowhere.md\">x</a></p>\n")
        for command in ["build", "check"] {
            let run = try site.sitegen(command)
            #expect(run.status == 1)
            #expect(
                run.stderr.split(separator: "\n").map(String.init) == [
                    "content/posts/raw/index.md:6:4: error: broken image gone.png: there is no file content/posts/raw/gone.png",
                    "content/posts/raw/index.md:6:32: error: broken link ../nowhere.md: there is no content/posts/nowhere.md",
                    command == "build"
                        ? "2 errors in 1 file; nothing was written" : "2 errors in 1 file; the site would not build",
                ], "\(run.stderr)")
            #expect(!site.exists("public"))
        }
    }

    @Test func anUnknownValueIsAnErrorAtItsLine() throws {
        let site = try TempSite.with([
            "site.yml": "title: T\nunsafe_html: yes please\n", "content/index.md": "---\ntitle: Home\n---\nHi\n",
        ])
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "site.yml:2:14: error: unsafe_html must be false (raw HTML left out), safe (harmless HTML kept) or true (all kept), got \"yes please\"\n"
            ), "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func switchingBetweenSafeAndAllRendersTheBodyAgain() throws {
        let site = try site()
        #expect(try site.sitegen("build").status == 0)
        try site.write(
            "site.yml", Self.settings.replacingOccurrences(of: "unsafe_html: safe", with: "unsafe_html: true"))
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(try site.read("public/posts/raw/index.html").contains("<script>alert(1)</script>"))
    }
}
