import Foundation
import Testing

/// The preview's editing API on an item of a declared collection, through curl against
/// `sitegen serve`: each JSON value checked by the schema, a write that goes through changes
/// the bytes `sitegen edit` changes, and a refused one (a bad value, a stale version, no
/// token) leaves the file byte-identical.
@Suite(.serialized) struct CollectionEditAPITests {
    private static let path = EventsSite.meetupPath

    /// A preview of the events site with its token.
    private struct Editing {
        let preview: PreviewProcess
        let token: String

        init(_ site: TempSite) throws {
            preview = try PreviewProcess(site, environment: ["SOURCE_DATE_EPOCH": "1714521600"])
            let page = try preview.request("/").text
            let match = page.firstMatch(of: /<meta name="sitegen-token" content="([0-9a-f]{32})">/)
            token = try #require(match.map { String($0.1) }, "no token in \(page.prefix(300))")
        }

        func post(_ name: String, _ json: [String: Any], token: String? = nil) throws -> Answer {
            var headers = ["Content-Type": "application/json"]
            headers["X-Sitegen-Token"] = token ?? self.token
            if token == "" { headers["X-Sitegen-Token"] = nil }
            return Answer(
                try preview.request(
                    "/_sitegen/api/" + name, method: "POST", headers: headers,
                    body: try JSONSerialization.data(withJSONObject: json)))
        }

        func version(_ path: String) throws -> String {
            let reply = Answer(try preview.request("/_sitegen/api/file?path=" + path))
            return try #require(reply.json["version"] as? String, "\(reply.reply.text)")
        }

        /// An edit of the meetup at its current version.
        func edit(_ members: [String: Any]) throws -> Answer {
            var json = members
            json["path"] = CollectionEditAPITests.path
            json["version"] = try version(CollectionEditAPITests.path)
            return try post("edit", json)
        }
    }

    private struct Answer {
        let status: Int
        let json: [String: Any]
        let reply: HTTPReply

        init(_ reply: HTTPReply) {
            self.reply = reply
            status = reply.status
            json = (try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any] ?? [:]
        }

        var error: String { json["error"] as? String ?? "(no error in \(reply.text))" }
        var diagnostics: [String] {
            (json["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        }
    }

    @Test func anAcceptedEditChangesTheBytesTheCommandChanges() throws {
        let site = try EventsSite.make()
        let copy = try EventsSite.make()
        let editing = try Editing(site)
        defer { editing.preview.stop() }
        let answer = try editing.edit([
            "set": ["seats": 40, "online": true, "status": "review", "venue": "Hall B"],
            "add": ["speakers": ["park"]],
        ])
        #expect(answer.status == 200 && answer.json["changed"] as? Bool == true, "\(answer.reply.text)")
        let run = try copy.sitegen(
            "edit", Self.path, "--set", "seats=40", "--set", "online=true", "--set", "status=review", "--set",
            "venue=Hall B", "--add", "speakers=park")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read(Self.path) == copy.read(Self.path))
        #expect(try site.read(Self.path).contains("seats: 40\nspeakers: [kim, lee, park]\nhost: kim\nonline: true\n"))
    }

    /// Sends `set` and expects a 422 with `error` (and the located diagnostic, if given), the file untouched.
    private func expectRefusal(
        _ set: [String: Any], error: String, diagnostic: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let site = try EventsSite.make()
        let editing = try Editing(site)
        defer { editing.preview.stop() }
        let answer = try editing.edit(["set": set])
        #expect(answer.status == 422, "\(answer.reply.text)", sourceLocation: sourceLocation)
        #expect(answer.error == error, sourceLocation: sourceLocation)
        if let diagnostic { #expect(answer.diagnostics == [diagnostic], sourceLocation: sourceLocation) }
        #expect(try site.read(Self.path) == EventsSite.meetup, "the file changed", sourceLocation: sourceLocation)
    }

    @Test func aBadValueIsRefusedWithItsPlace() throws {
        try expectRefusal(
            ["seats": -1], error: "seats must be at least 0, got -1",
            diagnostic: "content/events/spring-meetup.md:6:8: error: seats must be at least 0, got -1")
        try expectRefusal(
            ["starts": "someday"],
            error: "starts must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"someday\"",
            diagnostic:
                "content/events/spring-meetup.md:3:9: error: starts must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, got \"someday\""
        )
        try expectRefusal(
            ["host": "lee"], error: "host cannot be changed after creation",
            diagnostic: "content/events/spring-meetup.md:8:1: error: host cannot be changed after creation")
    }

    @Test func aValueOfTheWrongJSONTypeIsRefused() throws {
        try expectRefusal(["seats": "40"], error: "seats must be a whole number (a JSON number), got \"40\"")
        try expectRefusal(["online": "yes"], error: "online must be true or false (JSON true or false), got \"yes\"")
        try expectRefusal(
            ["speakers": "kim"], error: "speakers must be a list of texts (a JSON array of strings), got \"kim\"")
        try expectRefusal(
            ["venue": 3], error: "venue must be text (a JSON string), got 3")
    }

    @Test func aStaleVersionIsRefused() throws {
        let site = try EventsSite.make()
        let editing = try Editing(site)
        defer { editing.preview.stop() }
        let old = try editing.version(Self.path)
        #expect(try editing.edit(["set": ["seats": 31]]).status == 200)
        let after = try site.read(Self.path)
        let stale = try editing.post("edit", ["path": Self.path, "version": old, "set": ["seats": 32]])
        #expect(stale.status == 409, "\(stale.reply.text)")
        #expect(
            stale.error
                == "content/events/spring-meetup.md changed on disk since that version was read; nothing was written (read it again)"
        )
        #expect(try site.read(Self.path) == after)
    }

    @Test func aWriteWithoutTheTokenIsRefused() throws {
        let site = try EventsSite.make()
        let editing = try Editing(site)
        defer { editing.preview.stop() }
        let json: [String: Any] = [
            "path": Self.path, "version": try editing.version(Self.path), "set": ["seats": 40],
        ]
        for token in ["", String(repeating: "0", count: 32)] {
            let answer = try editing.post("edit", json, token: token)
            #expect(answer.status == 403, "\(answer.reply.text)")
            #expect(
                answer.error
                    == "refused: the X-Sitegen-Token header is missing or wrong; reload the page to get this preview's")
        }
        #expect(try site.read(Self.path) == EventsSite.meetup)
    }

    @Test func aNewItemIsCreatedAsTheCommandCreatesIt() throws {
        let site = try EventsSite.make()
        let copy = try EventsSite.make()
        let editing = try Editing(site)
        defer { editing.preview.stop() }
        let created = try editing.post(
            "new",
            [
                "kind": "events", "body": "Bring food.\n",
                "fields": [
                    "title": "Picnic", "starts": "2025-07-01", "host": "kim", "seats": 12, "speakers": ["kim", "a, b"],
                    "venue": "",
                ],
            ])
        #expect(created.status == 201, "\(created.reply.text)")
        #expect(created.json["path"] as? String == "content/events/picnic.md")
        #expect(created.json["url"] as? String == "/events/picnic/")
        let run = try copy.sitegen(
            "new", "events", "--title", "Picnic", "--set", "starts=2025-07-01", "--set", "host=kim", "--set",
            "seats=12", "--set", "speakers=[kim, \"a, b\"]", "Bring food.")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try site.read("content/events/picnic.md") == copy.read("content/events/picnic.md"))

        let missing = try editing.post("new", ["kind": "events", "fields": ["title": "Talk", "starts": "2025-04-01"]])
        #expect(missing.status == 422, "\(missing.reply.text)")
        #expect(missing.error == "a new item of events needs host; give it with fields.host")
        let bad = try editing.post(
            "new", ["kind": "events", "fields": ["title": "Talk", "starts": "2025-04-01", "host": "kim", "seats": -3]])
        #expect(bad.status == 422, "\(bad.reply.text)")
        #expect(bad.error == "fields.seats: seats must be at least 0, got -3")
        #expect(try site.names(in: "content/events") == ["picnic.md", "spring-meetup.md"])
    }
}
