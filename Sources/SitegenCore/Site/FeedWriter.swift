/// The Atom feed of the newest posts and the sitemap, written as XML with
/// every value escaped. Both depend only on content, never on the clock.
public enum FeedWriter {
    /// How many posts the feed carries.
    public static let entryLimit = 20

    /// The Atom feed of a site's newest posts.
    public static func atom(_ site: RenderedSite) -> String {
        let settings = site.content.settings
        let paths = site.paths
        let posts = zip(site.content.posts, site.posts).prefix(entryLimit)
        let updated = site.content.posts.compactMap(\.date).max()?.rfc3339 ?? "1970-01-01T00:00:00Z"
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(HTMLText.escaped(settings.language))">
              <title>\(HTMLText.escaped(settings.title))</title>
              <link href="\(HTMLText.escaped(paths.absolute(paths.link([]))))"/>
              <link rel="self" href="\(HTMLText.escaped(paths.absolute(paths.link(file: "feed.xml"))))"/>
              <id>\(HTMLText.escaped(paths.absolute(paths.link([]))))</id>
              <updated>\(updated)</updated>

            """
        for (post, value) in posts {
            let link = paths.absolute(paths.link(["posts", post.slug]))
            let html = value.objectValue?["content"]?.stringValue ?? ""
            xml += """
                  <entry>
                    <title>\(HTMLText.escaped(post.displayTitle))</title>
                    <link href="\(HTMLText.escaped(link))"/>
                    <id>\(HTMLText.escaped(link))</id>
                    <updated>\(post.date?.rfc3339 ?? updated)</updated>
                    <author><name>\(HTMLText.escaped(post.username))</name></author>
                    <content type="html">\(HTMLText.escaped(html))</content>
                  </entry>

                """
        }
        return xml + "</feed>\n"
    }

    /// A sitemap of every HTML page but the 404 page.
    public static func sitemap(_ site: RenderedSite, pages: [PlannedPage]) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        let dates = Dictionary(
            site.content.posts.compactMap { post in post.date.map { (post.sourcePath, $0) } },
            uniquingKeysWith: { first, _ in first })
        for page in pages where page.output != "404.html" {
            let url = page.url
            xml += "  <url><loc>\(HTMLText.escaped(site.paths.absolute(url)))</loc>"
            if let source = page.source, let date = dates[source] { xml += "<lastmod>\(date.dayText)</lastmod>" }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }
}
