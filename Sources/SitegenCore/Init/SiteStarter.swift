/// The files `sitegen init` writes: a `site.yml` with every key (the optional
/// ones commented out), the home page's text, a first post, and a `.gitignore`
/// for the output and sitegen's state. In English or Korean; the site they make
/// builds without a warning.
package struct SiteStarter: Sendable {
    /// The languages `init` writes its files in.
    package static let languages = ["en", "ko"]

    /// The site's title.
    package var title: String
    /// `en` or `ko`.
    package var language: String
    /// Where the site will be published, ending in `/`.
    package var baseURL: String
    /// The username of the first post and of `sitegen new post`.
    package var username: String
    /// When the first post is dated.
    package var now: ContentDate

    /// A starter for a site with these settings.
    package init(title: String?, language: String, baseURL: String?, username: String, now: ContentDate) {
        let korean = language == "ko"
        self.title = title ?? (korean ? "내 사이트" : "My Site")
        self.language = language
        let url = baseURL ?? "https://example.org/"
        self.baseURL = url.hasSuffix("/") ? url : url + "/"
        self.username = username
        self.now = now
    }

    /// The files to write, by path relative to the new site's folder, in the order to write them.
    package var files: [(path: String, text: String)] {
        [
            ("site.yml", settings),
            ("content/index.md", home),
            ("content/posts/\(language == "ko" ? "첫-글" : "hello-world").md", firstPost),
            (
                ".gitignore",
                "# The built site and sitegen's build state (both made by `sitegen build`).\n/public/\n/.public.sitegen/\n"
                    + "# Drafts `sitegen edit` keeps when it cannot use them (fix and save again, or delete them).\n"
                    + ".*.sitegen-draft-*.md\n"
            ),
        ]
    }

    private var korean: Bool { language == "ko" }

    private var settings: String {
        """
        # Settings of this site, read by sitegen. Only `title` is required; the
        # other keys show their default or an example (remove the `#` to use one).

        title: \(YAMLScalarWriter.text(title))
        # One line about the site, for the home page and the feed.
        # description: \(korean ? "이 사이트를 한 줄로 소개해 주세요." : "What this site is about, in one line.")

        # Where the site is published, absolute: feed.xml, sitemap.xml and each
        # page's link preview (canonical URL, og: tags) are made from it.
        # A GitHub project site lives under a sub-path: https://USER.github.io/REPO/
        # (`sitegen build --base-url URL` publishes elsewhere without editing this).
        base_url: \(YAMLScalarWriter.text(baseURL))

        # The language of the content, for <html lang> and the theme's words
        # (the theme speaks en and ko; other languages get English).
        language: \(language)

        # The time zone of dates written without an offset, as an IANA name.
        timezone: \(korean ? "Asia/Seoul" : "UTC")

        # The username `sitegen new post` writes when --username is not given.
        default_username: \(YAMLScalarWriter.text(username))

        # The navigation bar. Without it: home, then every section the site has.
        # nav:
        #   - {title: \(korean ? "홈" : "Home"), url: /}
        #   - {title: \(korean ? "글" : "Posts"), url: /posts/}

        # Any word of the theme, replaced (README lists the keys).
        # strings:
        #   recent_posts: \(korean ? "새 글" : "Latest writing")

        # An "edit this post" link; {path} becomes the post's path in the site.
        # edit_link: https://github.com/USER/REPO/edit/main/{path}

        # Broken links in Markdown are errors; `warn` makes them warnings while moving a site over.
        # links: error

        # Raw HTML written in Markdown: safe keeps harmless elements (as GitHub does), true all, false none.
        unsafe_html: safe

        # ```mermaid diagrams are drawn by mermaid, loaded from this URL by the pages that have one.
        # mermaid: {script: https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs}

        # Files in the output folder a build never deletes, besides .git and CNAME.
        # keep: [.nojekyll]

        # Content and static files larger than this many bytes are refused.
        # max_file_size: 10000000

        # Posts per page of the posts list, each tag page and each author page (0: all on one page).
        # paginate: 20

        """
    }

    private var home: String {
        """
        ---
        title: \(YAMLScalarWriter.text(title))
        ---
        \(korean ? "\(title)에 오신 것을 환영합니다." : "Welcome to \(title).")

        """
    }

    private var firstPost: String {
        """
        ---
        username: \(YAMLScalarWriter.text(username))
        title: \(korean ? "첫 글" : "Hello, world")
        date: \(now.rfc3339)
        tags: [\(korean ? "소식" : "news")]
        ---
        \(korean ? "\(title)의 첫 글입니다." : "This is the first post of \(title).")

        """
    }
}
