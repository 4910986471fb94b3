import Foundation
import Testing

/// `sitegen new post|menu|profile`: the file it creates, and that it never overwrites one.
@Suite struct NewCommandTests {
    /// The sample site with `default_username` added to its site.yml.
    private func siteWithDefaultUsername(_ username: String = "유저 이름") throws -> TempSite {
        let site = try TempSite.sample()
        try site.write("site.yml", try site.read("site.yml") + "default_username: \(username)\n")
        return site
    }

    /// Today's date in site.yml's zone (the sample's is Asia/Seoul), with the offset, so it is the day there.
    @Test func aNewPostHasTheSitesDefaultUsernameAndTodaysDate() throws {
        let site = try siteWithDefaultUsername()
        let before = Date()
        let run = try site.sitegen("new", "post", "--title", "스프린트 계획", "이번 주 목표")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "content/posts/스프린트-계획.md\n")
        let text = try site.read("content/posts/스프린트-계획.md")
        let match = try #require(
            text.wholeMatch(
                of:
                    /---\nusername: 유저 이름\ntitle: 스프린트 계획\ndate: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00)\n---\n이번 주 목표\n/
            ))
        let date = try #require(ISO8601DateFormatter().date(from: String(match.1)))
        #expect(date >= before.addingTimeInterval(-1) && date <= Date().addingTimeInterval(1))
    }

    @Test func aNewPostKeepsTheUsernameGivenAndBuilds() throws {
        let site = try TempSite.sample()
        try site.write("post.md", "Body from a file.\n")
        let run = try site.sitegen("new", "post", "--username", "쵸비", "--slug", "from-file", "--body-file", "post.md")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/posts/from-file.md").hasPrefix("---\nusername: 쵸비\ndate: "))
        #expect(try site.read("content/posts/from-file.md").hasSuffix("---\nBody from a file.\n"))
        #expect(try site.sitegen("build").status == 0)
        #expect(site.exists("public/posts/from-file/index.html"))
    }

    @Test func aPostWithoutAUsernameIsRefusedWhenSiteYmlNamesNone() throws {
        let site = try TempSite.sample()
        let names = try site.names(in: "content/posts")
        let run = try site.sitegen("new", "post", "--title", "Who?")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: no username for the new post; give one with --username NAME, or set a default with \"default_username: NAME\" in site.yml\n"
        )
        #expect(run.stdout.isEmpty)
        #expect(try site.names(in: "content/posts") == names)
    }

    @Test func aPostWithoutAUsernameIsRefusedWithoutSiteYml() throws {
        let site = try TempSite.with(["content/index.md": "Hi\n"])
        let run = try site.sitegen("new", "post", "--title", "Who?")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: no username for the new post; give one with --username NAME"))
        #expect(!site.exists("content/posts"))
    }

    @Test func aDefaultUsernameThatIsNotAUsernameIsReportedInSiteYml() throws {
        for (value, message) in [
            ("[a, b]", "site.yml:2:19: error: default_username must be text, found a list"),
            ("\"  \"", "site.yml:2:19: error: default_username must not be empty"),
            ("", "site.yml:2:18: error: default_username must not be empty"),
        ] {
            let site = try TempSite.with([
                "site.yml": "title: T\ndefault_username: \(value)\n", "content/index.md": "Hi\n",
            ])
            let run = try site.sitegen("new", "post", "--title", "x")
            #expect(run.status == 1)
            #expect(run.stderr == message + "\n1 error in 1 file; nothing was written\n", "\(value)")
            #expect(!site.exists("content/posts"))
            #expect(try site.sitegen("check").stderr.hasPrefix(message + "\n"), "build reports it too")
        }
    }

    @Test func usernameGivenWinsOverTheSitesDefault() throws {
        let site = try siteWithDefaultUsername()
        #expect(try site.sitegen("new", "post", "--username", "쵸비", "--slug", "mine").status == 0)
        #expect(try site.read("content/posts/mine.md").hasPrefix("---\nusername: 쵸비\n"))
    }

    @Test func dateTagsAndDraftAreWrittenAndBuild() throws {
        let site = try siteWithDefaultUsername("프렘")
        let run = try site.sitegen(
            "new", "post", "--title", "회고", "--date", "2024-05-01T09:30:00+09:00", "--tags", " scrum , 회고,a: b ",
            "--draft",
            "Body")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try site.bytes("content/posts/회고.md")
                == Array(
                    "---\nusername: 프렘\ntitle: 회고\ndate: 2024-05-01T09:30:00+09:00\ntags: [scrum, 회고, \"a: b\"]\ndraft: true\n---\nBody\n"
                        .utf8))
        #expect(try site.sitegen("build").status == 0)
        #expect(!site.exists("public/posts/회고/index.html"), "a draft is left out")
        #expect(try site.sitegen("build", "--drafts").status == 0)
        let page = try site.read("public/posts/회고/index.html")
        #expect(page.contains("scrum") && page.contains("a: b"))
    }

    @Test func everyDateFormFrontMatterAcceptsIsWrittenAsGiven() throws {
        let site = try siteWithDefaultUsername()
        for (slug, date) in [
            ("day", "2024-05-01"), ("minute", "2024-05-01 09:30"), ("zone", "2024-05-01T09:30:00+09:00"),
        ] {
            let run = try site.sitegen("new", "post", "--slug", slug, "--date", date)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try site.read("content/posts/\(slug).md") == "---\nusername: 유저 이름\ndate: \(date)\n---\n")
        }
        #expect(try site.sitegen("check").status == 0)
    }

    @Test func aBadDateIsAUsageErrorNamingTheFormsAccepted() throws {
        let site = try siteWithDefaultUsername()
        let names = try site.names(in: "content/posts")
        for date in ["tomorrow", "2024-02-30", "2024-05-01T25:00", ""] {
            let run = try site.sitegen("new", "post", "--title", "x", "--date", date)
            #expect(run.status == 2)
            #expect(
                run.stderr.hasPrefix(
                    "error: --date must be a date like 2024-05-01, 2024-05-01 09:30 or 2024-05-01T09:30:00+09:00, got \"\(date)\"\nusage: sitegen new post"
                ))
        }
        #expect(try site.names(in: "content/posts") == names)
    }

    @Test func emptyOrRepeatedTagsAreUsageErrors() throws {
        let site = try siteWithDefaultUsername()
        let names = try site.names(in: "content/posts")
        for (tags, message) in [
            ("", "--tags needs at least one tag, like --tags scrum,retro"),
            (" , ", "--tags needs at least one tag, like --tags scrum,retro"),
            ("a,,b", "--tags \"a,,b\" has an empty tag; separate tags with single commas, like --tags scrum,retro"),
            ("a,", "--tags \"a,\" has an empty tag; separate tags with single commas, like --tags scrum,retro"),
            ("a, b ,a", "--tags names \"a\" twice"),
        ] {
            let run = try site.sitegen("new", "post", "--title", "x", "--tags", tags)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("error: \(message)\nusage: sitegen new post"), "\(run.stderr)")
        }
        #expect(try site.names(in: "content/posts") == names)
    }

    @Test func aFileNameGivenAsTheBodyIsRefusedWithAHint() throws {
        let site = try siteWithDefaultUsername()
        let names = try site.names(in: "content/posts")
        let run = try site.sitegen("new", "post", "my-post.md")
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "error: \"my-post.md\" looks like a file name, but TEXT is the new post's body; name the file with --slug my-post, or let --title make the name\nusage: sitegen new post"
            ))
        #expect(try site.names(in: "content/posts") == names)
        let menu = try site.sitegen("new", "menu", "--name", "X", "--price", "1", "menu/x.md")
        #expect(menu.status == 2)
        #expect(
            menu.stderr.hasPrefix(
                "error: \"menu/x.md\" looks like a file name, but TEXT is the new menu item's body; name the file with --slug x, or let --name make the name\n"
            ))
        #expect(!site.exists("content/menu/x.md"))
    }

    @Test func aSlugEndingInMdIsRefusedWithTheSlugToUse() throws {
        let site = try siteWithDefaultUsername()
        let names = try site.names(in: "content/posts")
        let run = try site.sitegen("new", "post", "--slug", "my-post.md", "Hello")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: --slug is the file name without .md: --slug my-post makes my-post.md\n"))
        #expect(try site.names(in: "content/posts") == names)
    }

    @Test func aBodyThatMerelyEndsInMdIsABody() throws {
        let site = try siteWithDefaultUsername()
        let run = try site.sitegen("new", "post", "--slug", "readme", "See README.md")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/posts/readme.md").hasSuffix("---\nSee README.md\n"))
    }

    @Test func helpNamesTheNewOptions() throws {
        let run = try Sitegen.run(["new", "--help"])
        #expect(run.status == 0)
        for option in ["--date D", "--tags A,B", "--draft", "default_username"] {
            #expect(run.stdout.contains(option), "\(option)")
        }
        #expect(!run.stdout.contains("유저 이름"))
    }

    @Test func aNewMenuItemAndProfile() throws {
        let site = try TempSite.sample()
        #expect(
            try site.sitegen("new", "menu", "--name", "대방어 정식", "--price", "45000").stdout == "content/menu/대방어-정식.md\n"
        )
        #expect(try site.bytes("content/menu/대방어-정식.md") == Array("---\nname: 대방어 정식\nprice: 45000\n---\n".utf8))
        #expect(
            try site.sitegen("new", "profile", "--name", "Lee", "--bio", "no").stdout == "content/profiles/lee.md\n")
        #expect(try site.bytes("content/profiles/lee.md") == Array("---\nname: Lee\nbio: \"no\"\n---\n".utf8))
        #expect(try site.names(in: "content/menu").filter { $0.hasPrefix(".") } == [])
    }

    @Test func aNewProfileMayNameTheUsernameItsMemberPostsAs() throws {
        let site = try TempSite.sample()
        let run = try site.sitegen("new", "profile", "--name", "Steve Kim", "--username", "스티브", "--bio", "Hi.")
        #expect(run.status == 0 && run.stdout == "content/profiles/steve-kim.md\n", "\(run.stderr)")
        #expect(
            try site.read("content/profiles/steve-kim.md") == "---\nname: Steve Kim\nusername: 스티브\nbio: Hi.\n---\n")
        #expect(try site.sitegen("build", "--quiet").status == 0)
        let author = try site.read("public/users/%EC%8A%A4%ED%8B%B0%EB%B8%8C/index.html".removingPercentEncoding!)
        #expect(author.contains("Steve Kim") && author.contains("Hi."), "the author page shows the profile")
    }

    @Test func anExistingFileIsNeverOverwritten() throws {
        let site = try TempSite.sample()
        let before = try site.identity("content/menu/대방어.md")
        let run = try site.sitegen("new", "menu", "--name", "대방어", "--price", "1")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: content/menu/대방어.md already exists; nothing was written (choose another name with --slug)\n")
        #expect(try site.identity("content/menu/대방어.md") == before)
    }

    @Test func anItemThatIsAPageBundleIsNotCreatedAgainBesideIt() throws {
        let site = try TempSite.sample()
        try site.write("content/posts/trip/index.md", "---\nusername: u\n---\nTrip\n")
        let run = try site.sitegen("new", "post", "--title", "Trip", "--slug", "trip", "--username", "u")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: content/posts/trip/index.md already exists; nothing was written (choose another name with --slug)\n"
        )
        #expect(!site.exists("content/posts/trip.md"))
    }

    @Test func anInvalidPriceIsRefusedWithBuildsMessage() throws {
        let site = try TempSite.sample()
        let run = try site.sitegen("new", "menu", "--name", "X", "--price", "abc")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "content/menu/x.md:3:8: error: price must be a whole number of won, got \"abc\"\n1 error in 1 file; nothing was written\n"
        )
        #expect(!site.exists("content/menu/x.md"))
    }

    @Test func anUnsafeSlugIsRefused() throws {
        let site = try siteWithDefaultUsername()
        let run = try site.sitegen("new", "post", "--slug", "../escape")
        #expect(run.status == 1)
        #expect(run.stderr == "error: cannot use \"../escape\" as a slug: names starting with \".\" are hidden files\n")
        #expect(
            try site.names(in: "content/posts") == [
                "backlog-tips.md", "first-sprint.md", "hello-from-steve.md", "late-night-snack.md", "me-too.md",
                "scrum-study.md",
            ])
    }

    @Test func aMissingSectionFolderIsCreated() throws {
        let site = try TempSite.with(["site.yml": "title: T\n", "content/index.md": "Hi\n"])
        let run = try site.sitegen("new", "profile", "--name", "Kim")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(site.exists("content/profiles/kim.md"))
    }

    @Test func usageMistakesExitWithTwo() throws {
        let site = try TempSite.sample()
        for arguments in [
            ["new"], ["new", "page"], ["new", "menu", "--name", "X"], ["new", "profile"],
            ["new", "post", "--price", "1"],
            ["new", "post", "text", "--body-file", "f"], ["new", "menu", "--name", "X", "--price", "1", "--draft"],
            ["new", "profile", "--name", "X", "--tags", "a"], ["new", "post", "--draft=yes"],
        ] {
            let run = try Sitegen.run(arguments, in: site.root)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
        }
    }
}
