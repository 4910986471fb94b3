import Foundation
import Testing

/// `sitegen serve` watches `data/`: a data file added, changed or broken is a
/// rebuild that changes exactly the pages that read it.
@Suite(.serialized) struct DataFilesPreviewTests {
    /// A site whose plain pages show `data/budget.csv`, without a `data/` folder yet.
    private static func site() throws -> TempSite {
        try TempSite.with([
            "site.yml": "title: Preview\nbase_url: https://example.org/\nlanguage: en\n",
            "content/posts/a.md": "---\nusername: kim\ntitle: Post A\ndate: 2024-01-01\n---\nThe body of A.\n",
            "content/about.md": "---\ntitle: About\n---\nAbout us.\n",
            "templates/page.mustache": """
            {{<layout}}{{$main}}<h1>{{title}}</h1>
            <table>{{#site.data.budget}}<tr><td>{{item}}</td><td>{{amount}}</td></tr>{{/site.data.budget}}
            <tr><th>Total</th><td>{{site.data_totals.budget.amount}}</td></tr></table>
            {{/main}}{{/layout}}

            """,
        ])
    }

    /// An event's JSON.
    private struct Event: Decodable {
        var changed: [String]?
        var errors: [String]?
    }

    private static func decode(_ json: String?) throws -> Event {
        try JSONDecoder().decode(Event.self, from: Data(try #require(json, "no event came").utf8))
    }

    @Test func aDataFileAddedChangedOrBrokenIsRebuiltIntoThePagesThatReadIt() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site, ["--read-only"])
        let events = try preview.events()
        // The folder made after the preview started, as a first data file is.
        try site.write("data/budget.csv", "item,amount\nPaper,12.50\nInk,100\n")
        let added = try Self.decode(events.next())
        #expect(added.changed == ["/about/"], "\(added)")
        #expect(try preview.request("/about/").text.contains("<tr><th>Total</th><td>112.50</td></tr>"))

        try site.write("data/budget.csv", "item,amount\nPaper,12.50\nInk,1,00\n")
        let broken = try Self.decode(events.next())
        #expect(
            broken.errors == [
                "data/budget.csv:3:7: error: this row has 3 fields, the header 2: a field holding a comma must be quoted"
            ], "\(broken)")
        #expect(try preview.request("/about/").text.contains("<td>112.50</td>"), "the last good page is still served")

        try site.write("data/budget.csv", "item,amount\nPaper,2\n")
        let fixed = try Self.decode(events.next())
        #expect(fixed.changed == ["/about/"], "\(fixed)")
        #expect(try preview.request("/about/").text.contains("<tr><th>Total</th><td>2</td></tr>"))
        #expect(preview.stop() == 0)
    }
}
