import Testing

@testable import SitegenCore

/// `FieldSpec.read` and `parse(commandLineText:)`: each type's valid and invalid values.
@Suite struct FieldSpecReadingTests {
    /// The value of `key` in a one-line YAML mapping `key: VALUE`.
    private func node(_ value: String) throws -> YAMLNode {
        try #require(try YAMLParser().parse("key: \(value)\n")?["key"])
    }

    private func read(_ spec: FieldSpec, _ value: String) throws -> Result<FieldValue, FieldProblem> {
        spec.read(try node(value))
    }

    private func message(_ spec: FieldSpec, _ value: String) throws -> String? {
        guard case .failure(let problem) = try read(spec, value) else { return nil }
        return problem.message
    }

    private func spec(_ name: String, _ type: FieldType, _ change: (inout FieldSpec) -> Void = { _ in }) -> FieldSpec {
        var spec = FieldSpec(name, type)
        change(&spec)
        return spec
    }

    @Test func textTakesAnyScalarAsWritten() throws {
        let venue = spec("venue", .text)
        #expect(try read(venue, "Hall A").get() == .text("Hall A"))
        #expect(try read(venue, "2024").get() == .text("2024"))
        #expect(try message(venue, "[a, b]") == "venue must be text, found a list")
        #expect(try message(spec("title", .text) { $0.isRequired = true }, "\"  \"") == "title must not be empty")
    }

    @Test func markdownIsText() throws {
        #expect(try read(spec("note", .markdown), "\"*hi*\"").get() == .markdown("*hi*"))
        #expect(try message(spec("note", .markdown), "{a: 1}") == "note must be text (Markdown), found a mapping")
    }

    @Test func integerIsWholeAndWithinItsBounds() throws {
        let seats = spec("seats", .integer) {
            $0.minimum = 0
            $0.maximum = 500
        }
        #expect(try read(seats, "40").get() == .integer(40))
        #expect(try read(seats, "\"40\"").get() == .integer(40))
        #expect(try message(seats, "-1") == "seats must be at least 0, got -1")
        #expect(try message(seats, "501") == "seats must be at most 500, got 501")
        #expect(try message(seats, "many") == "seats must be a whole number, got \"many\"")
        #expect(try message(seats, "2.5") == "seats must be a whole number, got \"2.5\"")
    }

    @Test func numberTakesFractionsButNotInfinity() throws {
        let rating = spec("rating", .number) { $0.maximum = 5 }
        #expect(try read(rating, "4.5").get() == .number(4.5))
        #expect(try read(rating, "3").get() == .number(3))
        #expect(try message(rating, "5.5") == "rating must be at most 5, got 5.5")
        #expect(try message(rating, ".inf") == "rating must be a number, got \".inf\"")
        #expect(try message(rating, "high") == "rating must be a number, got \"high\"")
    }

    @Test func booleanIsTrueOrFalseOnly() throws {
        #expect(try read(spec("open", .boolean), "true").get() == .boolean(true))
        #expect(try message(spec("open", .boolean), "yes") == "open must be true or false, got \"yes\"")
    }

    @Test func dateFollowsAPostsDate() throws {
        let starts = spec("starts", .date)
        #expect(try read(starts, "2025-03-01").get() == .date(ContentDate(parsing: "2025-03-01")!))
        #expect(
            try message(starts, "someday")
                == "starts must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"someday\"")
        #expect(
            try message(starts, "2025-02-30")
                == "starts must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"2025-02-30\"")
    }

    @Test func listTakesTextsAndOneTextAsAListOfOne() throws {
        let speakers = spec("speakers", .list)
        #expect(try read(speakers, "[kim, lee]").get() == .list(["kim", "lee"]))
        #expect(try read(speakers, "kim").get() == .list(["kim"]))
        #expect(try message(speakers, "{a: 1}") == "speakers must be a list of texts, found a mapping")
        guard case .failure(let problem) = try read(speakers, "[kim, [lee]]") else { return #expect(Bool(false)) }
        #expect(problem.message == "each of speakers must be text, found a list")
        #expect(problem.mark?.column == 12)
    }

    /// A taxonomy's terms follow a post's tags' rules: each names a page (of at most 200 bytes; any
    /// character, as a tag's page escapes it) once, case and Unicode normalization folded, and every
    /// wrong item is a problem of its own.
    @Test func aTaxonomyListNamesEachTermOnceAsTagsDo() throws {
        let speakers = spec("speakers", .list) { $0.isTaxonomy = true }
        #expect(try read(speakers, "[\"a/b\", C#]").get() == .list(["a/b", "C#"]))
        #expect(try message(speakers, "[kim, kim]") == "speakers holds \"kim\" twice (first on line 1)")
        #expect(
            try message(speakers, "[kim, Kim]")
                == "speakers holds \"Kim\" and \"kim\" (line 1), which are one: they differ only in case or Unicode "
                + "normalization; keep one")
        let long = String(repeating: "x", count: 201)
        guard case .failure(let problem) = try read(speakers, "[\(long), lee, lee]") else {
            return #expect(Bool(false))
        }
        #expect(problem.message == "each of speakers must name a page, but \"\(long)\" is longer than 200 bytes")
        #expect(problem.more.map(\.message) == ["speakers holds \"lee\" twice (first on line 1)"])
        // A line named in a message is the file's: the YAML of front matter starts on the file's second line.
        guard case .failure(let later) = speakers.read(try node("[kim, kim]"), firstLine: 2) else {
            return #expect(Bool(false))
        }
        #expect(later.message == "speakers holds \"kim\" twice (first on line 2)")
    }

    /// A text that names a page's folder (a username) is refused when that page could not be made.
    @Test func aTextNamingAPageMustFitInAFolderName() throws {
        let username = spec("username", .text) { $0.namesPage = true }
        #expect(try read(username, "kim/lee").get() == .text("kim/lee"))
        let long = String(repeating: "x", count: 201)
        #expect(
            try message(username, long) == "username \"\(long)\" cannot name a page: it is longer than 200 bytes")
    }

    @Test func urlIsAbsoluteOrASitePathButNeverAScript() throws {
        let site = spec("site", .url)
        #expect(try read(site, "https://example.org/").get() == .url("https://example.org/"))
        #expect(try read(site, "/about/").get() == .url("/about/"))
        #expect(try read(site, "mailto:a@example.org").get() == .url("mailto:a@example.org"))
        let expected = "site must be a URL like https://example.org/ or a path of the site like /about/, got "
        #expect(try message(site, "\"javascript:alert(1)\"") == expected + "\"javascript:alert(1)\"")
        #expect(try message(site, "about") == expected + "\"about\"")
        #expect(try message(site, "//evil.example/") == expected + "\"//evil.example/\"")
    }

    @Test func imageIsAFileOrAnHTTPURL() throws {
        let cover = spec("cover", .image)
        #expect(try read(cover, "cover.jpg").get() == .image(ImageReference(source: "cover.jpg")))
        #expect(
            try read(cover, "https://example.org/a.png").get()
                == .image(ImageReference(source: "https://example.org/a.png")))
        #expect(ImageReference(source: "https://example.org/a.png").isRemote)
        #expect(!ImageReference(source: "/images/a.png").isRemote)
        #expect(
            try message(cover, "\"data:image/png;base64,AAAA\"")
                == "cover must be an image file like cover.jpg or /images/cover.jpg, or an https:// URL, got "
                + "\"data:image/png;base64,AAAA\"")
    }

    @Test func choiceIsOneOfItsTextsWithADidYouMean() throws {
        let status = spec("status", .choice) { $0.choices = ["draft", "review", "done"] }
        #expect(try read(status, "review").get() == .choice("review"))
        #expect(
            try message(status, "reveiw")
                == "status must be one of draft, review, done, got \"reveiw\"; did you mean \"review\"?")
    }

    @Test func commandLineTextIsReadAsUnquotedYAML() throws {
        var seats = FieldSpec("seats", .integer)
        seats.minimum = 0
        func message(_ spec: FieldSpec, _ text: String) -> String? {
            guard case .failure(let problem) = spec.parse(commandLineText: text) else { return nil }
            #expect(problem.mark == nil)
            return problem.message
        }
        #expect(try seats.parse(commandLineText: "40").get() == .integer(40))
        #expect(message(seats, "-1") == "seats must be at least 0, got -1")
        #expect(message(seats, "many") == "seats must be a whole number, got \"many\"")
        #expect(
            message(FieldSpec("starts", .date), "someday")
                == "starts must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"someday\"")
        #expect(try FieldSpec("title", .text).parse(commandLineText: "true").get() == .text("true"))
        #expect(try FieldSpec("open", .boolean).parse(commandLineText: "false").get() == .boolean(false))
        #expect(try FieldSpec("tags", .list).parse(commandLineText: "[a, b]").get() == .list(["a", "b"]))
        #expect(try FieldSpec("tags", .list).parse(commandLineText: "a").get() == .list(["a"]))
        #expect(message(FieldSpec("tags", .list), "[a, [b]]") == "each of tags must be text, found a list")
    }
}
