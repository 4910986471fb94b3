import Foundation
import Testing

/// `collections: posts: fields:` adds fields to the built-in posts: each read and checked like a
/// declared collection's, shown as `page.item.<field>`, no longer ignored with a warning.
@Suite struct PostFieldsTests {
    static let siteYML = """
        title: Blog
        base_url: https://example.org/
        collections:
          posts:
            fields:
              image:   {type: image}
              updated: {type: date}
              series:  text

        """

    static let template = """
        {{#page.item}}{{title}}|{{username}}|{{updated}}|{{updated_iso}}|{{series}}|\
        {{#image}}<img src="{{src}}" alt="{{alt}}" width="{{width}}" height="{{height}}">{{/image}}{{/page.item}}

        """

    @Test func aPostShowsTheFieldsSiteYmlAddsWithItsImageSized() throws {
        let site = try TempSite.with([
            "site.yml": Self.siteYML,
            "content/posts/trip/index.md":
                "---\nusername: kim\ntitle: Trip\ndate: 2025-01-01\nimage: cover.png\nupdated: 2025-02-03\n"
                + "series: Travels\n---\nText\n",
        ])
        try site.writeBytes("content/posts/trip/cover.png", ImageTests.png(width: 320, height: 200))
        try site.write("templates/post.mustache", Self.template)
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(
            try site.read("public/posts/trip/index.html")
                == "Trip|kim|February 3, 2025|2025-02-03T00:00:00Z|Travels|"
                + "<img src=\"/posts/trip/cover.png\" alt=\"Trip\" width=\"320\" height=\"200\">\n")
    }

    @Test func theDateFieldsASiteAddsArePlacedInItsTimeZoneAsAPostsDateIs() throws {
        let site = try TempSite.with([
            "site.yml": """
            title: Blog
            base_url: https://example.org/
            timezone: Asia/Seoul
            collections:
              posts:   {fields: {starts: {type: date}}}
              menu:    {fields: {served: {type: date}}}
              profiles: {fields: {joined: {type: date}}}

            """,
            "content/posts/a.md":
                "---\nusername: kim\ntitle: A\ndate: 2025-03-01 10:00\nstarts: 2025-03-02 18:30\n---\nText\n",
            "content/menu/rice.md": "---\nname: Rice\nprice: 1000\nserved: 2025-03-03 12:00\n---\n",
            "content/profiles/kim.md": "---\nname: Kim\njoined: 2025-03-04T09:00:00Z\n---\n",
        ])
        try site.write("templates/post.mustache", "{{page.date_iso}}|{{page.item.starts_iso}}\n")
        try site.write("templates/menu-item.mustache", "{{page.item.served_iso}}\n")
        try site.write("templates/profile.mustache", "{{page.item.joined_iso}}\n")
        for build in ["clean", "again"] {
            let run = try site.sitegen("build")
            #expect(run.status == 0 && run.stderr == "", "\(build): \(run.stderr)")
            // Written without an offset: in Seoul's time, as the post's own date is; with one: as written.
            #expect(
                try site.read("public/posts/a/index.html") == "2025-03-01T10:00:00+09:00|2025-03-02T18:30:00+09:00\n",
                "\(build)")
            #expect(try site.read("public/menu/rice/index.html") == "2025-03-03T12:00:00+09:00\n", "\(build)")
            #expect(try site.read("public/profiles/kim/index.html") == "2025-03-04T09:00:00Z\n", "\(build)")
        }
    }

    @Test func withoutTheDeclarationTheFieldsAreIgnoredWithAWarning() throws {
        let site = try TempSite.with([
            "site.yml": "title: Blog\nbase_url: https://example.org/\n",
            "content/posts/a.md": "---\nusername: kim\nseries: Travels\n---\nText\n",
        ])
        let run = try site.sitegen("build")
        #expect(run.status == 0)
        #expect(run.stderr == "content/posts/a.md:3:1: warning: a post has no field \"series\"; it is ignored\n")
    }

    @Test func aBadOrMissingImageIsAnErrorAtTheField() throws {
        let site = try TempSite.with([
            "site.yml": Self.siteYML,
            "content/posts/a.md": "---\nusername: kim\nimage: missing.png\nupdated: soon\n---\nText\n",
        ])
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                content/posts/a.md:4:10: error: updated must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got "soon"
                1 error in 1 file; nothing was written

                """)
        try site.write("content/posts/a.md", "---\nusername: kim\nimage: missing.png\n---\nText\n")
        let missing = try site.sitegen("build")
        #expect(missing.status == 1)
        #expect(
            missing.stderr == """
                content/posts/a.md:3:8: error: image names "missing.png", but there is no content/posts/missing.png
                1 error in 1 file; nothing was written

                """)
        #expect(!site.exists("public"))
    }

    /// Without any `collections:` in site.yml, a post, a menu item and a profile show their own
    /// fields as `page.item.<field>`, as an item of a declared collection does, and every page finds
    /// their items in `site.collections.<name>`: one way for a theme to read any kind.
    @Test func everyBuiltInKindShowsItsOwnFieldsAsItemFields() throws {
        let site = try TempSite.with([
            "site.yml": "title: Blog\nbase_url: https://example.org/\n",
            "content/posts/a.md":
                "---\nusername: kim\ntitle: A\ndate: 2025-03-01\ntags: [swift, C#]\ndescription: About A\n---\nText\n",
            "content/menu/rice.md": "---\nname: Rice\nprice: 1000\n---\n",
            "content/profiles/kim.md": "---\nname: Kim\nbio: Cooks\nusername: kim\n---\n",
            "content/menu/soup.md": "---\nname: Soup\nprice: 500\n---\n",
            "content/about.md": "---\ntitle: About\n---\n",
        ])
        // Any page lists a built-in kind's items as it lists a declared collection's.
        try site.write(
            "templates/page.mustache",
            "{{#site.collections.menu}}{{title}}: {{#items}}{{name}} {{/items}}({{count_text}}){{/site.collections.menu}}"
                + "|{{site.collections.posts.url}} {{site.collections.posts.count}}"
                + "|{{#site.collections.profiles.items}}{{name}}{{/site.collections.profiles.items}}\n")
        try site.write(
            "templates/post.mustache",
            "{{#page.item}}{{title}}|{{username}}|{{date}}|{{date_iso}}|{{draft}}|{{description}}|"
                + "{{#tags}}{{name}}={{url}};{{/tags}}{{/page.item}}\n")
        try site.write("templates/menu-item.mustache", "{{page.item.name}}|{{page.item.price}}\n")
        try site.write(
            "templates/profile.mustache", "{{page.item.name}}|{{page.item.bio}}|{{page.item.username}}\n")
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try site.read("public/posts/a/index.html")
                == "A|kim|March 1, 2025|2025-03-01T00:00:00Z|false|About A|swift=/tags/swift/;C#=/tags/c%23/;\n")
        #expect(try site.read("public/menu/rice/index.html") == "Rice|1000\n")
        #expect(try site.read("public/profiles/kim/index.html") == "Kim|Cooks|kim\n")
        #expect(try site.read("public/about/index.html") == "Menu: Soup Rice (2 dishes)|/posts/ 1|Kim\n")
    }
}
