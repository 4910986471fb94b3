import Foundation
import Testing

/// `data/*.yml`, `*.yaml`, `*.json` and `*.csv` are `site.data.<name>`: shown by a
/// site's templates, located when broken, and rebuilt into exactly the pages that read them.
@Suite struct DataFilesTests {
    /// The plain pages' template with a budget table and its total, a team from YAML and links from JSON.
    private static let pageTemplate = """
        {{<layout}}
        {{$main}}
        <h1>{{title}}</h1>
        <table>
        {{#site.data.budget}}<tr><td>{{item}}</td><td>{{amount}}</td><td>{{note}}</td></tr>
        {{/site.data.budget}}<tr><th>Total</th><td>{{site.data_totals.budget.amount}}</td></tr>
        </table>
        <p class="team">{{site.data.team.lead}}: {{#site.data.team.members}}[{{name}} {{age}}]{{/site.data.team.members}}</p>
        <p class="links">{{#site.data.links.items}}({{label}} {{weight}} {{#draft}}draft{{/draft}}){{/site.data.links.items}}</p>
        {{/main}}
        {{/layout}}

        """

    /// A budget with a byte order mark, CRLF line ends, a quoted comma and a quoted line break.
    private static let budget: [UInt8] =
        [0xEF, 0xBB, 0xBF]
        + Array("item,amount,note\r\nPaper,12.50,\"A4, white\"\r\nInk,100,\"black\nand blue\"\r\nRent,-0.25,\r\n".utf8)

    /// The sample site with a budget page and the three data files.
    private static func site() throws -> TempSite {
        let site = try TempSite.sample()
        try site.write("content/budget.md", "---\ntitle: Budget\n---\nThis year's budget.\n")
        try site.write("templates/page.mustache", pageTemplate)
        try site.writeBytes("data/budget.csv", budget)
        try site.write("data/team.yml", "lead: Kim\nmembers:\n  - {name: Lee, age: 31}\n  - {name: Park, age: 27}\n")
        try site.write(
            "data/links.json",
            #"{"items": [{"label": "Home", "weight": 1.5, "draft": false}, {"label": "Blog", "weight": 2, "draft": true}]}"#
        )
        return site
    }

    @Test func yamlJSONAndCSVFilesAreShownByAPagesTemplate() throws {
        let site = try Self.site()
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        let page = try site.read("public/budget/index.html")
        #expect(
            page.contains(
                """
                <tr><td>Paper</td><td>12.50</td><td>A4, white</td></tr>
                <tr><td>Ink</td><td>100</td><td>black
                and blue</td></tr>
                <tr><td>Rent</td><td>-0.25</td><td></td></tr>
                <tr><th>Total</th><td>112.25</td></tr>
                """), "\(page)")
        #expect(page.contains("<p class=\"team\">Kim: [Lee 31][Park 27]</p>"), "\(page)")
        #expect(page.contains("<p class=\"links\">(Home 1.5 )(Blog 2 draft)</p>"), "\(page)")
    }

    @Test func aBrokenCSVRowAndAJSONSyntaxErrorAreLocatedTogetherWithTheContentsAndNothingIsWritten() throws {
        let site = try Self.site()
        try site.write("content/posts/a.md", "---\nusername: kim\ntitle: A\ntitle: B\n---\nBody.\n")
        try site.write("data/budget.csv", "item,amount\nPaper,12.50\nInk,1,200\n")
        try site.write("data/links.json", "{\n  \"items\": [\n    {\"label\" \"Home\"}\n  ]\n}\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                content/posts/a.md:4:1: error: invalid YAML in front matter: key "title" is given twice (first on line 3); remove one of them
                data/budget.csv:3:7: error: this row has 3 fields, the header 2: a field holding a comma must be quoted
                data/links.json:3:14: error: invalid JSON: invalid value
                3 errors in 3 files; nothing was written

                """, "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func aBrokenDataFileLeavesTheLastOutputAsItWas() throws {
        let site = try Self.site()
        #expect(try site.sitegen("build", "--quiet").status == 0)
        let before = try site.bytes("public/budget/index.html")
        try site.write("data/budget.csv", "item,amount\n\"Paper,12.50\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("data/budget.csv:2:1: error: this quoted field is never closed: end it with \"\n"))
        #expect(try site.bytes("public/budget/index.html") == before)
    }

    @Test func aYAMLErrorIsLocated() throws {
        let site = try Self.site()
        try site.write("data/team.yml", "lead: Kim\nmembers: [Lee\n")
        let run = try site.sitegen("check")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "data/team.yml:3:1: error: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence)\n"
            ), "\(run.stderr)")
    }

    @Test func twoFilesOfOneNameAreAnErrorNamingBoth() throws {
        let site = try Self.site()
        try site.write("data/budget.json", "[]")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "data/budget.json: error: data/budget.csv and data/budget.json are both site.data.budget; rename or remove one of them\n"
            ), "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func aFileOfAnotherKindIsIgnoredWithAWarning() throws {
        let site = try Self.site()
        try site.write("data/README.txt", "Budget figures from the treasurer.\n")
        try site.write("data/old/budget.csv", "a\n1\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        #expect(
            run.stderr == """
                data/README.txt: warning: not a data file (.yml, .yaml, .json or .csv); ignored
                data/old/budget.csv: warning: data files are read from data/ itself, not from folders in it; ignored

                """, "\(run.stderr)")
    }

    @Test func aNameATemplateCannotReadIsAnError() throws {
        let site = try Self.site()
        try site.write("data/budget.2024.csv", "a\n1\n")
        let run = try site.sitegen("check")
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "data/budget.2024.csv: error: a template cannot name site.data.budget.2024: rename the file with letters, digits, - and _ only\n"
            ), "\(run.stderr)")
    }

    @Test func aChangedDataFileRerendersExactlyThePagesThatReadIt() throws {
        let site = try Self.site()
        try site.write("data/unread.csv", "a,b\n1,2\n")
        #expect(try site.sitegen("build", "--quiet").status == 0)
        // No page reads unread.csv: nothing is rendered again.
        try site.write("data/unread.csv", "a,b\n1,3\n")
        var run = try site.sitegen("build")
        #expect(run.stdout.contains("(0 rendered, "), "\(run.stdout)")
        // The plain pages (about and budget) read the budget; no other page does.
        try site.write("data/budget.csv", "item,amount,note\nPaper,10,\nTea,2.5,\n")
        run = try site.sitegen("build")
        #expect(run.stdout.contains("(2 rendered, "), "\(run.stdout)")
        #expect(try site.read("public/budget/index.html").contains("<tr><th>Total</th><td>12.5</td></tr>"))
        try site.expectSameAsCleanBuild("changed")
        // A file gone: its readers are rendered again, and see nothing.
        try FileManager.default.removeItem(at: site.url("data/team.yml"))
        run = try site.sitegen("build")
        #expect(run.stdout.contains("(2 rendered, "), "\(run.stdout)")
        #expect(try site.read("public/about/index.html").contains("<p class=\"team\">: </p>"))
        try site.expectSameAsCleanBuild("removed")
        // An unchanged site renders nothing.
        run = try site.sitegen("build")
        #expect(run.stdout.contains("(0 rendered, "), "\(run.stdout)")
    }
}
