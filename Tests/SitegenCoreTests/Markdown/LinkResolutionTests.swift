import Testing

@testable import SitegenCore

@Suite("Links resolved at build time") struct LinkResolutionTests {
    /// The HTML of `markdown` as the file `source` of a site under `root`, and the links into the site it noted.
    private func render(_ markdown: String, in source: String = "content/posts/a.md", root: String = "/")
        -> (html: String, links: [MarkdownLink])
    {
        let rendered = MarkdownRenderer().render(
            markdown, summaryLength: nil, links: LinkBase(source: source, root: root))
        return (rendered.html, rendered.links)
    }

    @Test func aRelativeLinkToAContentFileBecomesItsPagesAddress() {
        #expect(render("[next](second-post.md)").html == "<p><a href=\"/posts/second-post/\">next</a></p>\n")
        #expect(
            render("[메뉴](../menu/대방어.md)", root: "/club/").html
                == "<p><a href=\"/club/menu/%EB%8C%80%EB%B0%A9%EC%96%B4/\">메뉴</a></p>\n")
        #expect(render("[x](../posts/b/index.md#setup)").html == "<p><a href=\"/posts/b/#setup\">x</a></p>\n")
        #expect(
            render("[home](../index.md) [about](../about.md)").html
                == "<p><a href=\"/\">home</a> <a href=\"/about/\">about</a></p>\n")
        #expect(render("[kim](../profiles/kim.md?tab=1)").html == "<p><a href=\"/profiles/kim/?tab=1\">kim</a></p>\n")
    }

    @Test func aRelativeLinkToAnotherFileIsReadFromTheMarkdownFilesFolder() {
        let bundle = render(
            "![map](photo.jpg) [pdf](./docs/route.pdf)", in: "content/posts/trip/index.md", root: "/club/")
        #expect(
            bundle.html
                == "<p><img src=\"/club/posts/trip/photo.jpg\" alt=\"map\" /> <a href=\"/club/posts/trip/docs/route.pdf\">pdf</a></p>\n"
        )
        #expect(
            bundle.links.map(\.target) == [
                .file(sitePath: "content/posts/trip/photo.jpg"), .file(sitePath: "content/posts/trip/docs/route.pdf"),
            ])
        #expect(
            render("![logo](../../static/img/logo.png)").html == "<p><img src=\"/img/logo.png\" alt=\"logo\" /></p>\n")
    }

    @Test func aRootRelativeLinkOrImageIsRebasedUnderTheBaseURLsPath() {
        let rendered = render("[about](/about/) ![a](/img/a.png) [home](/)", root: "/club/")
        #expect(
            rendered.html
                == "<p><a href=\"/club/about/\">about</a> <img src=\"/club/img/a.png\" alt=\"a\" /> <a href=\"/club/\">home</a></p>\n"
        )
        #expect(rendered.links.map(\.target) == [.address("about/"), .address("img/a.png"), .address("")])
    }

    @Test func linksLeavingTheSiteAreLeftAlone() {
        let markdown =
            "[a](https://example.org/x.md) [b](//cdn.example.org/a.png) [c](mailto:a@example.org) [d](tel:+821012345678)"
        let rendered = render(markdown, root: "/club/")
        #expect(
            rendered.html
                == "<p><a href=\"https://example.org/x.md\">a</a> <a href=\"//cdn.example.org/a.png\">b</a> <a href=\"mailto:a@example.org\">c</a> <a href=\"tel:+821012345678\">d</a></p>\n"
        )
        #expect(rendered.links.isEmpty)
    }

    @Test func eachLinkIsNotedWithItsPlaceAndFragment() {
        let rendered = render("Intro\n\nSee [the setup](b.md#set%20up) and [here](#intro).\n")
        #expect(
            rendered.links == [
                MarkdownLink(
                    target: .page(source: "content/posts/b.md"), fragment: "set up", written: "b.md#set%20up",
                    isImage: false, line: 3,
                    column: 5),
                MarkdownLink(
                    target: .samePage, fragment: "intro", written: "#intro", isImage: false, line: 3, column: 36),
            ])
    }

    @Test func aPathClimbingOutOfTheSiteIsNotedAndLeftAsWritten() {
        let rendered = render("[x](../../../etc/passwd) [y](/../secret) [z](../../README.md)")
        #expect(rendered.links.map(\.target) == [.climbsOut, .climbsOut, .unpublished(sitePath: "README.md")])
        #expect(rendered.html.contains("href=\"../../../etc/passwd\""))
    }

    @Test func linksInTableCellsAndReferenceDefinitionsAreResolvedToo() {
        let rendered = render("| a | b |\n|---|---|\n| [x][ref] | `|` \\| |\n\n[ref]: b.md\n")
        #expect(rendered.html.contains("<a href=\"/posts/b/\">x</a>"), "\(rendered.html)")
        #expect(rendered.links.map(\.line) == [3])
    }

    @Test func withoutALinkBaseLinksStayAsWritten() {
        #expect(
            MarkdownRenderer().html(from: "[next](b.md) [a](/about/)")
                == "<p><a href=\"b.md\">next</a> <a href=\"/about/\">a</a></p>\n")
    }

    @Test func headingIdsAreKnownToLinksEvenWithHeadingAnchorsOff() {
        let rendered = MarkdownRenderer(extensions: MarkdownExtensions.all.subtracting(.headingAnchors))
            .render("# Set up\n\n# Set up\n", summaryLength: nil, links: LinkBase(source: "content/a.md", root: "/"))
        #expect(rendered.anchorIDs == ["set-up", "set-up-1"])
        #expect(rendered.html == "<h1>Set up</h1>\n<h1>Set up</h1>\n")
    }
}
