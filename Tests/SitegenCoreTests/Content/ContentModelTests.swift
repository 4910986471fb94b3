import Testing

@testable import SitegenCore

@Suite struct ContentModelTests {
    private func document(_ path: String, _ text: String) throws -> ContentDocument {
        try ContentDocument(path: path, bytes: Array(text.utf8))
    }

    @Test func postNeedsAUsername() throws {
        let (post, diagnostics) = Post.load(try document("content/posts/a.md", "---\ntitle: t\n---\n"), slug: "a")
        #expect(post == nil)
        #expect(
            diagnostics.map(\.description) == ["content/posts/a.md:1:1: error: missing required field \"username\""])
    }

    @Test func postReadsEveryField() throws {
        let text =
            "---\nusername: 프렘\ntitle: Hi\ndate: 2024-03-04T09:00:00+09:00\ntags: [a, b]\ndraft: true\n---\nBody\n"
        let post = try #require(Post.load(try document("content/posts/a.md", text), slug: "a").model)
        #expect(post.username == "프렘" && post.title == "Hi" && post.tags == ["a", "b"] && post.isDraft)
        #expect(post.date?.rfc3339 == "2024-03-04T09:00:00+09:00")
        #expect(post.body == "Body\n")
    }

    @Test func unknownFieldIsAWarningWithASuggestion() throws {
        let (post, diagnostics) = Post.load(
            try document("content/posts/a.md", "---\nusername: u\ntitel: x\n---\n"), slug: "a")
        #expect(post != nil)
        #expect(
            diagnostics.map(\.description) == [
                "content/posts/a.md:3:1: warning: a post has no field \"titel\"; it is ignored; did you mean \"title\"?"
            ])
    }

    @Test func badDateIsReportedAtTheValue() throws {
        let (_, diagnostics) = Post.load(
            try document("content/posts/a.md", "---\nusername: u\ndate: yesterday\n---\n"), slug: "a")
        #expect(
            diagnostics.first?.description
                == "content/posts/a.md:3:7: error: date must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"yesterday\""
        )
    }

    @Test func impossibleDayIsRefused() {
        #expect(ContentDate(parsing: "2023-02-29") == nil)
        #expect(ContentDate(parsing: "2024-02-29") != nil)
    }

    @Test func menuPriceAcceptsNumberOrQuotedNumber() throws {
        let plain = MenuItem.load(try document("content/menu/a.md", "---\nname: A\nprice: 33000\n---\n"), slug: "a")
            .model
        let quoted = MenuItem.load(
            try document("content/menu/a.md", "---\nname: A\nprice: \"33000\"\n---\n"), slug: "a"
        ).model
        #expect(plain?.price == 33000 && quoted?.price == 33000)
        #expect(plain?.priceText == "33,000원")
    }

    @Test func emptyRequiredFieldIsReportedAtTheKey() throws {
        let (_, diagnostics) = Profile.load(try document("content/profiles/a.md", "---\nname:\n---\n"), slug: "a")
        #expect(diagnostics.map(\.description) == ["content/profiles/a.md:2:6: error: name must not be empty"])
    }

    @Test func siteSettingsReadTheDefaultUsernameLikeAPostsUsername() throws {
        func load(_ text: String) throws -> (SiteSettings?, [String]) {
            let document = try ContentDocument(path: "site.yml", bytes: Array(text.utf8), layout: .yaml)
            let (settings, diagnostics) = SiteSettings.load(document, slug: "site")
            return (settings, diagnostics.map(\.description))
        }
        #expect(try load("title: T\ndefault_username: 프렘\n").0?.defaultUsername == "프렘")
        #expect(try load("title: T\ndefault_username: 2024\n").0?.defaultUsername == "2024")
        #expect(try load("title: T\n").0.map { $0.defaultUsername == nil } == true)
        #expect(
            try load("title: T\ndefault_username: {a: 1}\n").1 == [
                "site.yml:2:19: error: default_username must be text, found a mapping"
            ])
        #expect(
            try load("title: T\ndefault_username: ' '\n").1 == [
                "site.yml:2:19: error: default_username must not be empty"
            ])
    }

    @Test func frontMatterThatIsNotAMappingIsRefused() {
        #expect(throws: Diagnostic.self) { try document("content/posts/a.md", "---\n- a\n- b\n---\n") }
    }
}

@Suite struct SlugRulesTests {
    @Test func unicodeSlugsAreFine() { #expect(SlugRules.problem(in: "대방어") == nil) }
    @Test func dotDotIsRefused() { #expect(SlugRules.problem(in: "a..b") != nil) }
    @Test func controlCharactersAreRefused() { #expect(SlugRules.problem(in: "a\u{7}b") != nil) }
    @Test func hiddenNamesAreRefused() { #expect(SlugRules.problem(in: ".x") != nil) }
    @Test func slugFromTitleKeepsLettersOfAnyScript() {
        #expect(SlugRules.slug(from: "대방어 정식!") == "대방어-정식")
        #expect(SlugRules.slug(from: "  Hello, World  ") == "hello-world")
    }
}
