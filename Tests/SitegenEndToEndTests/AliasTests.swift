import Foundation
import Testing

/// `aliases:` on a page writes a redirect page at each old address.
@Suite struct AliasTests {
    @Test func eachAliasIsARedirectPageToThePage() throws {
        let site = try TempSite.sample()
        let post = try site.read("content/posts/scrum-study.md")
        try site.write(
            "content/posts/scrum-study.md",
            post.replacingOccurrences(
                of: "username: 프렘\n", with: "username: 프렘\naliases: [/2019/01/old-url/, /old.html]\n"))
        try site.write("content/menu/신선로.md", "---\nname: 신선로\nprice: 70000\naliases: /menu/sinseollo/\n---\n")
        let run = try site.sitegen("build", "--base-url", "https://example.org/club/")
        #expect(run.status == 0, "\(run.stderr)")
        let redirect = try site.read("public/2019/01/old-url/index.html")
        #expect(redirect.contains("<link rel=\"canonical\" href=\"https://example.org/club/posts/scrum-study/\">"))
        #expect(redirect.contains("<meta http-equiv=\"refresh\" content=\"0; url=/club/posts/scrum-study/\">"))
        #expect(redirect.contains("<a href=\"/club/posts/scrum-study/\">스크럼 스터디 할 사람</a>"))
        #expect(!redirect.contains("<script"))
        #expect(try site.read("public/old.html") == redirect)
        #expect(
            try site.read("public/menu/sinseollo/index.html").contains("url=/club/menu/%EC%8B%A0%EC%84%A0%EB%A1%9C/"))
        #expect(!(try site.read("public/sitemap.xml")).contains("old"))
        try site.expectInternalLinksResolve(root: "/club/")
    }

    @Test func anAliasWhereAPageOrAnotherAliasIsIsAnError() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/a.md", "---\nusername: u\naliases: [/about/, /posts/, /x/]\n---\nA\n")
        try site.write("content/posts/b.md", "---\nusername: u\naliases: [/X/]\n---\nB\n")
        let run = try site.sitegen("build")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "content/posts/a.md: error: alias /about/ would be written to about/index.html, where the page of content/about.md is; remove it",
                "content/posts/a.md: error: alias /posts/ would be written to posts/index.html, where sitegen's own page is; remove it",
                "content/posts/b.md: error: alias /X/ would be written to X/index.html, where an alias of content/posts/a.md is; remove it",
                "3 errors in 2 files; nothing was written",
            ], "\(run.stderr)")
        #expect(!site.exists("public"))
    }

    @Test func anAliasThatIsNoSitePathIsAnErrorAtItsPlace() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/a.md", "---\nusername: u\naliases: [old/, /../etc/, /x?y=1]\n---\nA\n")
        let run = try site.sitegen("check")
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                "content/posts/a.md:3:11: error: alias \"old/\" must start with / (a path of this site, like /2019/01/old-url/)",
                "content/posts/a.md:3:17: error: alias \"/../etc/\" must not hold . or .. segments",
                "content/posts/a.md:3:27: error: alias \"/x?y=1\" must be a path, without ? or #",
                "3 errors in 1 file; the site would not build",
            ], "\(run.stderr)")
    }

    @Test func anAliasIsAddedAndRemovedWithEdit() throws {
        let site = try TempSite.sample()
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.sitegen("edit", "content/profiles/kim.md", "--add", "aliases=/members/kim/").status == 0)
        #expect(try site.sitegen("build").status == 0)
        #expect(try site.read("public/members/kim/index.html").contains("url=/profiles/kim/"))
        try site.expectSameAsCleanBuild("added")
        #expect(try site.sitegen("edit", "content/profiles/kim.md", "--remove", "aliases=/members/kim/").status == 0)
        #expect(try site.sitegen("build").status == 0)
        #expect(!site.exists("public/members"))
        try site.expectSameAsCleanBuild("removed")
    }
}
