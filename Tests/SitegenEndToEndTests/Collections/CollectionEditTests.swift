import Foundation
import Testing

/// `sitegen edit` on an item of a declared collection, and on the fields `site.yml` adds to
/// posts: every value typed by the schema, refusals located and the file byte-identical.
@Suite struct CollectionEditTests {
    /// Runs `sitegen edit` on `path` and checks the refusal: exit 1, `message` on stderr, the file untouched.
    private func expectRefusal(
        _ arguments: [String], path: String = EventsSite.meetupPath, message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let site = try EventsSite.make()
        let before = try site.identity(path)
        let bytes = try site.bytes(path)
        let names = try site.names(in: "content/events")
        Thread.sleep(forTimeInterval: 0.01)  // a write would show as a later modification time
        let run = try site.sitegen(["edit", path] + arguments)
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(run.stderr.contains(message + "\n"), "stderr was: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try site.bytes(path) == bytes, "the file changed", sourceLocation: sourceLocation)
        #expect(try site.identity(path) == before, "the file was touched", sourceLocation: sourceLocation)
        #expect(try site.names(in: "content/events") == names, "files were left behind", sourceLocation: sourceLocation)
    }

    /// Edits the meetup with `arguments` and returns its text afterwards.
    private func edited(_ arguments: String..., path: String = EventsSite.meetupPath) throws -> String {
        let site = try EventsSite.make()
        let run = try site.sitegen(["edit", path] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "edited \(path)\n")
        return try site.read(path)
    }

    @Test func anItemIsNotEditedWhileSiteYMLHasErrorsButAPostStillIs() throws {
        let site = try EventsSite.make()
        try site.write(
            "site.yml",
            EventsSite.settings.replacingOccurrences(of: "{type: integer, min: 0}", with: "{type: integr, min: 0}"))
        let bytes = try site.bytes(EventsSite.meetupPath)
        let run = try site.sitegen("edit", EventsSite.meetupPath, "--set", "seats=3")
        // Which collections site.yml declares is unknown: the item is not taken for a plain page.
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "site.yml:10:24: error: unknown type \"integr\" for field seats; did you mean \"integer\"?"
                + " (the types are text, markdown, integer, number, boolean, date, list, url, image, choice)\n"
                + "1 error in 1 file; nothing was written\n", "\(run.stderr)")
        #expect(try site.bytes(EventsSite.meetupPath) == bytes)
        let post = try site.sitegen("edit", EventsSite.postPath, "--set", "title=Still editable")
        #expect(post.status == 0, "\(post.stderr)")
    }

    @Test func aWholeNumberIsWrittenPlainAndEveryOtherByteKept() throws {
        #expect(
            try edited("--set", "seats=40")
                == EventsSite.meetup.replacingOccurrences(of: "seats: 30", with: "seats: 40"))
    }

    @Test func aNewFieldOfEachTypeReadsBackAsItsType() throws {
        let text = try edited(
            "--set", "online=true", "--set", "status=review", "--set", "cover=cover.jpg", "--set", "venue=40")
        #expect(
            text
                == EventsSite.meetup.replacingOccurrences(of: "Hall A", with: "\"40\"").replacingOccurrences(
                    of: "host: kim\n", with: "host: kim\nonline: true\nstatus: review\ncover: cover.jpg\n"))
    }

    @Test func aListIsSetWholeOrChangedItemByItem() throws {
        #expect(
            try edited("--add", "speakers=park", "--remove", "speakers=kim")
                == EventsSite.meetup.replacingOccurrences(of: "[kim, lee]", with: "[lee, park]"))
        #expect(
            try edited("--set", "speakers=[a, \"b, c\"]")
                == EventsSite.meetup.replacingOccurrences(of: "[kim, lee]", with: "[a, \"b, c\"]"))
    }

    /// A taxonomy's terms are one when they fold to one (case, Unicode normalization), as a post's
    /// tags are, whatever the collection: `--remove` finds a term however it is cased, and `--add`
    /// refuses a term the list already names.
    @Test func aTaxonomysTermsAreAddedAndRemovedAsTagsAre() throws {
        let site = try EventsSite.make()
        try site.write(
            "site.yml",
            EventsSite.settings.replacingOccurrences(
                of: "speakers: {type: list}", with: "speakers: {type: list, taxonomy: true}"))
        let path = EventsSite.meetupPath
        let bytes = try site.bytes(path)
        let refused = try site.sitegen("edit", path, "--add", "speakers=LEE")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(path):7:17: error: speakers already holds \"LEE\"\n"), "\(refused.stderr)")
        #expect(try site.bytes(path) == bytes)
        let run = try site.sitegen("edit", path, "--remove", "speakers=KIM")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read(path) == EventsSite.meetup.replacingOccurrences(of: "[kim, lee]", with: "[lee]"))
    }

    @Test func aNumberBelowItsMinimumIsRefusedAtTheValue() throws {
        try expectRefusal(
            ["--set", "seats=-1"],
            message: "content/events/spring-meetup.md:6:8: error: seats must be at least 0, got -1")
    }

    @Test func textForAWholeNumberIsRefused() throws {
        try expectRefusal(
            ["--set", "seats=many"],
            message: "content/events/spring-meetup.md:6:8: error: seats must be a whole number, got \"many\"")
    }

    @Test func aDateThatIsNoDateIsRefused() throws {
        try expectRefusal(
            ["--set", "starts=someday"],
            message:
                "content/events/spring-meetup.md:3:9: error: starts must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"someday\""
        )
    }

    @Test func aFieldNotYetThereIsCheckedAtTheFilesStart() throws {
        try expectRefusal(
            ["--set", "status=finished"],
            message:
                "content/events/spring-meetup.md:1:1: error: status must be one of draft, review, done, got \"finished\""
        )
        try expectRefusal(
            ["--set", "online=maybe"],
            message: "content/events/spring-meetup.md:1:1: error: online must be true or false, got \"maybe\"")
    }

    @Test func everyBadValueIsReportedInOneRun() throws {
        try expectRefusal(
            ["--set", "seats=many", "--set", "starts=someday"],
            message: """
                content/events/spring-meetup.md:3:9: error: starts must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got "someday"
                content/events/spring-meetup.md:6:8: error: seats must be a whole number, got "many"
                2 errors in 1 file; nothing was written
                """)
    }

    @Test func anImmutableFieldIsRefused() throws {
        try expectRefusal(
            ["--set", "host=lee"],
            message: "content/events/spring-meetup.md:8:1: error: host cannot be changed after creation")
        try expectRefusal(
            ["--unset", "host"],
            message: "content/events/spring-meetup.md:8:1: error: host cannot be changed after creation")
    }

    @Test func aRequiredFieldCannotBeRemoved() throws {
        try expectRefusal(
            ["--unset", "starts"],
            message: "content/events/spring-meetup.md:3:1: error: starts is required and cannot be removed")
    }

    @Test func aFieldTheCollectionDoesNotDeclareIsRefusedWithAGuess() throws {
        try expectRefusal(
            ["--set", "seat=3"],
            message:
                "content/events/spring-meetup.md:1:1: error: an item of events has no field \"seat\"; did you mean \"seats\"? (--force writes it anyway, for a field the site's own templates read)"
        )
    }

    @Test func addingToAFieldThatIsNoListIsRefused() throws {
        try expectRefusal(
            ["--add", "venue=Hall B"],
            message:
                "content/events/spring-meetup.md:5:1: error: venue is not a list field of an item of events (its lists: aliases, speakers); use --set venue=VALUE"
        )
    }

    @Test func aPostsDeclaredFieldsAreTypedToo() throws {
        try expectRefusal(
            ["--set", "updated=soon"], path: EventsSite.postPath,
            message:
                "content/posts/hello.md:1:1: error: updated must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"soon\""
        )
        let text = try edited("--set", "image=cover.png", "--set", "updated=2025-02-03", path: EventsSite.postPath)
        #expect(
            text
                == EventsSite.post.replacingOccurrences(
                    of: "date: 2025-01-02\n", with: "date: 2025-01-02\nimage: cover.png\nupdated: 2025-02-03\n"))
    }
}
