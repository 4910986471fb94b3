import Foundation
import Testing

/// Counts the command line prints agree with their nouns: "1 warning", "2 warnings".
@Suite struct CountMessageTests {
    private func site(unknownFields: Int, badPrice: Bool = false) throws -> TempSite {
        let fields = (0..<unknownFields).map { "extra\($0): x\n" }.joined()
        return try TempSite.with([
            "site.yml": "title: T\nbase_url: https://example.org/\n",
            "content/index.md": "---\ntitle: Home\n\(fields)---\nHi\n",
            "content/menu/x.md": "---\nname: X\nprice: \(badPrice ? "abc" : "1")\n---\n",
        ])
    }

    @Test func checkCountsOneWarningInTheSingular() throws {
        let run = try site(unknownFields: 1).sitegen("check")
        #expect(run.status == 0)
        #expect(run.stdout == "no errors (1 warning)\n")
        #expect(run.stderr == "content/index.md:3:1: warning: a page has no field \"extra0\"; it is ignored\n")
    }

    @Test func checkCountsTwoWarningsInThePlural() throws {
        let run = try site(unknownFields: 2).sitegen("check")
        #expect(run.status == 0)
        #expect(run.stdout == "no errors (2 warnings)\n")
    }

    @Test func theErrorSummaryCountsErrorsFilesAndWarnings() throws {
        let one = try site(unknownFields: 1, badPrice: true).sitegen("check")
        #expect(one.status == 1)
        #expect(
            one.stderr.hasSuffix("\n1 error in 1 file (and 1 warning); the site would not build\n"), "\(one.stderr)")
        let two = try site(unknownFields: 2, badPrice: true).sitegen("check")
        #expect(
            two.stderr.hasSuffix("\n1 error in 1 file (and 2 warnings); the site would not build\n"), "\(two.stderr)")
    }

    @Test func buildCountsPages() throws {
        let site = try site(unknownFields: 0)
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("built 5 pages (5 rendered, 0 unchanged) into public/ in "), "\(run.stdout)")
    }
}
