import Foundation
import Testing

/// `sitegen new` for a declared collection: the schema's fields from `--title` and `--set`,
/// each typed; a missing required field or a bad value refused with nothing written.
@Suite struct CollectionNewTests {
    /// Runs `sitegen new` and checks the refusal: exit `status`, `message` on stderr, no file made.
    private func expectRefusal(
        _ arguments: [String], status: Int32 = 1, message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let site = try EventsSite.make()
        let names = try site.names(in: "content/events")
        let run = try site.sitegen(["new"] + arguments)
        #expect(run.status == status, sourceLocation: sourceLocation)
        #expect(run.stderr.contains(message + "\n"), "stderr was: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try site.names(in: "content/events") == names, "a file was written", sourceLocation: sourceLocation)
        #expect(try site.bytes(EventsSite.meetupPath) == Array(EventsSite.meetup.utf8), sourceLocation: sourceLocation)
    }

    @Test func anItemIsWrittenInTheSchemasOrderWithTypedValues() throws {
        let site = try EventsSite.make()
        let run = try site.sitegen(
            "new", "events", "--title", "Summer: picnic", "--set", "starts=2025-07-01", "--set", "host=kim",
            "--set", "seats=0012", "--set", "speakers=[kim, \"a, b\"]", "--set", "venue=true", "--set", "online=true",
            "Bring food.")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "content/events/summer-picnic.md\n")
        #expect(
            try site.read("content/events/summer-picnic.md") == """
                ---
                title: "Summer: picnic"
                starts: 2025-07-01
                venue: "true"
                seats: 12
                speakers: [kim, "a, b"]
                host: kim
                online: true
                ---
                Bring food.

                """)
    }

    /// A default stays in `site.yml`: an item without the field reads the schema's value, so
    /// changing the default there changes every item that never chose.
    @Test func aDefaultIsLeftToTheSchema() throws {
        let site = try EventsSite.make()
        let run = try site.sitegen(
            "new", "events", "--title", "Talk", "--set", "starts=2025-04-01", "--set", "host=lee")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/events/talk.md") == "---\ntitle: Talk\nstarts: 2025-04-01\nhost: lee\n---\n")
    }

    @Test func aMissingRequiredFieldIsNamed() throws {
        try expectRefusal(
            ["events", "--title", "Talk", "--set", "starts=2025-04-01"],
            message: "error: a new item of events needs host; give it with --set host=VALUE")
        try expectRefusal(
            ["events", "--set", "starts=2025-04-01", "--set", "host=kim"],
            message: "error: a new item of events needs title; give it with --title T or --set title=VALUE")
    }

    @Test func everyBadValueIsRefusedInOneRun() throws {
        try expectRefusal(
            ["events", "--title", "Talk", "--set", "starts=someday", "--set", "host=kim", "--set", "seats=-1"],
            message: """
                error: --set starts=someday: starts must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got "someday"
                error: --set seats=-1: seats must be at least 0, got -1
                """)
    }

    @Test func aFieldTheCollectionDoesNotDeclareIsRefused() throws {
        try expectRefusal(
            ["events", "--title", "Talk", "--set", "starts=2025-04-01", "--set", "host=kim", "--set", "seat=3"],
            message:
                "error: an item of events has no field \"seat\"; did you mean \"seats\"? (its fields: title, starts, venue, seats, speakers, cover, host, online, status, aliases, layout)"
        )
    }

    @Test func anExistingItemIsNeverReplaced() throws {
        try expectRefusal(
            ["events", "--title", "Spring meetup", "--set", "starts=2025-04-01", "--set", "host=kim"],
            message:
                "error: content/events/spring-meetup.md already exists; nothing was written (choose another name with --slug)"
        )
    }

    @Test func anUnknownCollectionIsAUsageError() throws {
        try expectRefusal(
            ["event", "--title", "Talk"], status: 2,
            message:
                "error: cannot create \"event\"; choose post, menu, profile or a collection site.yml declares (events); did you mean \"events\"?"
        )
    }

    @Test func aPostTakesItsDeclaredFieldsWithSet() throws {
        let site = try EventsSite.make()
        let run = try site.sitegen(
            "new", "post", "--username", "kim", "--title", "Cover", "--date", "2025-02-02", "--set", "image=a.png")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            try site.read("content/posts/cover.md")
                == "---\nusername: kim\ntitle: Cover\ndate: 2025-02-02\nimage: a.png\n---\n")
        try expectRefusal(
            ["post", "--username", "kim", "--title", "X", "--set", "updated=soon"],
            message:
                "error: --set updated=soon: updated must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"soon\""
        )
    }

    /// A menu item and a profile take the fields site.yml adds to their kinds with --set, typed like
    /// any collection's; the built-in kinds answer to their folders' names too (`new posts`).
    @Test func everyBuiltInKindTakesItsAddedFieldsWithSetAndItsFoldersName() throws {
        let site = try TempSite.with([
            "site.yml": """
            title: Club
            base_url: https://example.org/
            collections:
              menu: {fields: {served: {type: date}, spicy: {type: boolean}}}
              profiles: {fields: {joined: {type: date}}}

            """
        ])
        let menu = try site.sitegen(
            "new", "menu", "--name", "Rice", "--price", "1000", "--set", "served=2025-03-03", "--set", "spicy=true")
        #expect(menu.status == 0, "\(menu.stderr)")
        #expect(menu.stdout == "content/menu/rice.md\n")
        #expect(
            try site.read("content/menu/rice.md")
                == "---\nname: Rice\nprice: 1000\nserved: 2025-03-03\nspicy: true\n---\n")
        let profile = try site.sitegen("new", "profiles", "--name", "Kim", "--set", "joined=2025-03-04")
        #expect(profile.status == 0, "\(profile.stderr)")
        #expect(try site.read("content/profiles/kim.md") == "---\nname: Kim\njoined: 2025-03-04\n---\n")
        let post = try site.sitegen("new", "posts", "--username", "kim", "--title", "Hi", "--date", "2025-03-05")
        #expect(post.status == 0, "\(post.stderr)")
        #expect(try site.read("content/posts/hi.md") == "---\nusername: kim\ntitle: Hi\ndate: 2025-03-05\n---\n")
        let refused = try site.sitegen(
            "new", "menu", "--name", "Soup", "--price", "500", "--set", "served=soon", "--set", "size=big")
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                "--set served=soon: served must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"soon\"\n"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("not \"size\""), "\(refused.stderr)")
        #expect(try site.names(in: "content/menu") == ["rice.md"])
    }

    /// A collection cannot be known while site.yml has errors: they are reported, not "no such collection".
    @Test func siteYmlsErrorsAreReportedFirst() throws {
        let site = try EventsSite.make()
        try site.write("site.yml", EventsSite.settings.replacingOccurrences(of: "type: integer", with: "type: integr"))
        let run = try site.sitegen(
            "new", "events", "--title", "Talk", "--set", "starts=2025-04-01", "--set", "host=kim")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "site.yml:10:24: error: unknown type \"integr\" for field seats; did you mean \"integer\"? (the types are text, markdown, integer, number, boolean, date, list, url, image, choice)\n1 error in 1 file; nothing was written\n"
        )
        #expect(try site.names(in: "content/events") == ["spring-meetup.md"])
    }
}
