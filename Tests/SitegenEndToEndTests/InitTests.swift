import Foundation
import Testing

/// `sitegen init` and `sitegen theme export`: a new user's first commands.
@Suite struct InitTests {
    /// Hangul syllables and jamo: what an English site must not show.
    private static var hangul: Regex<Substring> { /[\u{1100}-\u{11FF}\u{3130}-\u{318F}\u{AC00}-\u{D7AF}]/ }

    /// A folder with a site made by `init` in its `site/` subfolder.
    private static func initialized(_ arguments: String...) throws -> (folder: TempSite, site: TempSite.Sub) {
        let folder = try TempSite.with([:])
        let run = try folder.sitegen(["init", "site"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        return (folder, folder.sub("site"))
    }

    @Test func anEnglishSiteBuildsWithoutWarningsHangulOrDeadLinks() throws {
        let (folder, site) = try Self.initialized("--language", "en", "--title", "My Blog")
        let build = try site.sitegen("build")
        #expect(build.status == 0)
        #expect(build.stderr.isEmpty, "\(build.stderr)")
        #expect(try site.sitegen("check").stdout == "no errors\n")
        let files = folder.files(under: "site/public")
        #expect(files.contains("posts/hello-world/index.html") && files.contains("feed.xml"))
        for file in files where file.hasSuffix(".html") || file.hasSuffix(".xml") {
            let text = try folder.read("site/public/" + file)
            #expect(!text.contains(Self.hangul), "\(file) shows Hangul")
            #expect(
                !text.contains("sitegen new") && !text.contains("sitegen primes"), "\(file) talks to the site's owner")
        }
        let home = try folder.read("site/public/index.html")
        #expect(home.contains("<h1>My Blog</h1>") && home.contains("Recent posts") && home.contains("Skip to content"))
        #expect(!home.contains("/menu/") && !home.contains("/counter/") && !home.contains("/primes/"))
        try folder.expectInternalLinksResolve(in: "site/public")
    }

    @Test func aKoreanSiteSpeaksKorean() throws {
        let (folder, site) = try Self.initialized("--language", "ko")
        let build = try site.sitegen("build")
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let home = try folder.read("site/public/index.html")
        for words in ["<html lang=\"ko\">", "본문으로 건너뛰기", "최근 글", "모든 글 보기", "<h1>내 사이트</h1>"] {
            #expect(home.contains(words), "\(words)")
        }
        #expect(!home.contains("Recent posts"))
        #expect(folder.files(under: "site/content/posts") == ["첫-글.md"])
    }

    @Test func itWritesTheSettingsTheHomePageAFirstPostAndAGitignore() throws {
        let (folder, _) = try Self.initialized("--base-url", "https://me.example.com/blog", "--username", "mindigo")
        #expect(
            folder.files(under: "site").sorted() == [
                ".gitignore", "content/index.md", "content/posts/hello-world.md", "site.yml",
            ])
        let settings = try folder.read("site/site.yml")
        #expect(settings.contains("\nbase_url: https://me.example.com/blog/\n"))
        #expect(settings.contains("\ndefault_username: mindigo\n"))
        #expect(settings.contains("\nunsafe_html: safe\n"))
        for key in [
            "description", "nav", "strings", "edit_link", "links", "unsafe_html", "mermaid", "keep", "max_file_size",
            "timezone",
        ] {
            #expect(settings.contains("\(key):"), "site.yml does not mention \(key)")
        }
        #expect(try folder.read("site/content/posts/hello-world.md").contains("username: mindigo\n"))
        let ignored = try folder.read("site/.gitignore")
        #expect(ignored.contains("/public/\n") && ignored.contains("/.public.sitegen/\n"))
    }

    @Test func itPrintsTheNextCommands() throws {
        let folder = try TempSite.with([:])
        let run = try folder.sitegen("init", "my site")
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "made a new site in my site/ (4 files). Next:")
        #expect(lines.contains("  cd 'my site'") && lines.contains("  sitegen build"))
        #expect(lines.contains { $0.hasPrefix("  sitegen new post ") })
    }

    @Test func aFolderThatHoldsAnythingButGitIsRefusedAndLeftAsItWas() throws {
        let folder = try TempSite.with(["site/notes.txt": "mine\n"])
        let run = try folder.sitegen("init", "site")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("is not empty (it holds notes.txt); init starts a site only in an empty or new folder"))
        #expect(run.stderr.contains("nothing was written"))
        #expect(folder.files(under: "site") == ["notes.txt"])
        #expect(try folder.read("site/notes.txt") == "mine\n")

        let repository = try TempSite.with(["site/.git/HEAD": "ref: refs/heads/main\n"])
        #expect(try repository.sitegen("init", "site").status == 0)
        #expect(repository.exists("site/site.yml") && repository.exists("site/.git/HEAD"))
    }

    @Test func aFileInTheWayIsRefused() throws {
        let folder = try TempSite.with(["site": "a file\n"])
        let run = try folder.sitegen("init", "site")
        #expect(run.status == 1 && run.stderr.contains("exists and is not a folder"))
        #expect(try folder.read("site") == "a file\n")
    }

    @Test func badOptionsAreUsageErrors() throws {
        let folder = try TempSite.with([:])
        for (arguments, message) in [
            (["init"], "the folder to make the site in"),
            (["init", "s", "--language", "fr"], "--language must be en or ko, got \"fr\""),
            (["init", "s", "--base-url", "example.org"], "did you mean https://example.org/?"),
            (["init", "s", "--title", " "], "--title must not be empty"),
        ] {
            let run = try folder.sitegen(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(folder.files(under: ".").isEmpty)
    }

    @Test func withThemeTheCopiedTemplatesBuildTheSameSite() throws {
        let (plain, plainSite) = try Self.initialized("--now", "2024-05-01T09:00:00Z")
        let (themed, themedSite) = try Self.initialized("--theme", "--now", "2024-05-01T09:00:00Z")
        #expect(themed.exists("site/templates/layout.mustache") && themed.exists("site/templates/assets/style.css"))
        #expect(themed.exists("site/templates/partials/post-card.mustache"))
        #expect(try plainSite.sitegen("build", "--now", "2024-06-01").status == 0)
        #expect(try themedSite.sitegen("build", "--now", "2024-06-01").status == 0)
        #expect(TreeDigest(plain.url("site/public")) == TreeDigest(themed.url("site/public")))
    }

    @Test func themeExportCopiesTheBuiltInThemeAndNeverOverwrites() throws {
        let (folder, site) = try Self.initialized()
        let run = try site.sitegen("theme", "export")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix("copied ") && run.stdout.hasSuffix(" files of the built-in theme into templates/\n"))
        let layout = try folder.read("site/templates/layout.mustache")
        try folder.write(
            "site/templates/layout.mustache", layout.replacingOccurrences(of: "<main", with: "<main data-mine"))
        let again = try site.sitegen("theme", "export")
        #expect(again.status == 1)
        #expect(again.stderr.contains("already has 404.mustache, alias.mustache, assets/favicon.svg and "))
        #expect(again.stderr.contains("nothing was written"))
        #expect(try folder.read("site/templates/layout.mustache").contains("data-mine"))
        #expect(try site.sitegen("build").status == 0)
        #expect(try folder.read("site/public/index.html").contains("<main data-mine"))

        let elsewhere = try site.sitegen("theme", "export", "../theme-copy")
        #expect(elsewhere.status == 0)
        #expect(try folder.read("theme-copy/layout.mustache") == layout)
        #expect(try site.sitegen("theme", "import").status == 2)
    }
}
