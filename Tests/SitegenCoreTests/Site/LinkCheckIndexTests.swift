import Testing

@testable import SitegenCore

/// A check of a few files' links looks them up in an index of only what those
/// links can name; its verdicts and the places it finds must be the whole
/// site's index's.
@Suite struct LinkCheckIndexTests {
    private let check: LinkCheck = {
        var pages: [PlannedPage] = []
        for number in 0..<200 {  // Enough pages for 14 links to be few.
            pages.append(
                PlannedPage(
                    output: "posts/p\(number)/index.html", template: "post", source: "content/posts/p\(number).md",
                    title: "P\(number)", kind: "posts", url: "/posts/p\(number)/", item: .post(number)))
        }
        pages.append(
            PlannedPage(
                output: "trip/index.html", template: "page", source: "content/trip/index.md", title: "Trip",
                kind: "page", url: "/trip/", item: .page(0)))
        let file = PublishedFile(
            source: "static/a.png", output: "a.png", status: FileStatus(size: 1, modified: 1, changed: 1, inode: 1))
        return LinkCheck(
            pages: pages, assets: ["assets/style.css"], files: [file], kept: [".git"],
            loaded: ["content/posts/draft.md": 1], checksFragments: true, severity: .error)
    }()

    private func link(_ target: MarkdownLink.Target, _ fragment: String? = nil) -> MarkdownLink {
        MarkdownLink(target: target, fragment: fragment, written: "x", isImage: false, line: 1, column: 1)
    }

    @Test func aFewLinksGetTheVerdictsOfTheWholeIndex() {
        let links = [
            link(.page(source: "content/posts/p3.md"), "intro"), link(.page(source: "content/posts/p3.md"), "nope"),
            link(.page(source: "content/posts/draft.md")), link(.page(source: "content/trip.md")),
            link(.page(source: "content/gone.md")), link(.file(sitePath: "static/a.png")),
            link(.file(sitePath: "static/b.png")), link(.address("posts/p5/")), link(.address("posts/p6")),
            link(.address("a.png")), link(.address("assets/style.css")), link(.address(".git/config")),
            link(.address("nowhere/")), link(.samePage, "top"),
        ]
        let anchors: [SourcePath: [String]] = ["content/posts/p3.md": ["intro"], "content/posts/p9.md": []]
        let partial = check.problems(
            of: ["content/posts/p9.md"], links: ["content/posts/p9.md": links], anchors: anchors)
        let whole = check.problems(
            of: ["content/posts/p9.md"], links: ["content/posts/p9.md": links], anchors: anchors, index: check.index)
        #expect(partial.diagnostics.map(\.message) == whole.diagnostics.map(\.message))
        #expect(partial.arrivals == whole.arrivals)
        #expect(
            whole.diagnostics.map(\.message) == [
                "broken link x: content/posts/p3.md has no heading or footnote with the id \"nope\"",
                "broken link x: content/posts/draft.md is not published in this build (a draft, or dated after now)",
                "broken link x: there is no content/trip.md (the page is content/trip/index.md)",
                "broken link x: there is no content/gone.md", "broken link x: there is no file static/b.png",
                "broken link x: no page or file of this site is at /nowhere/",
            ])
        #expect(whole.arrivals["content/posts/p9.md"]?.count == 8)
    }
}
