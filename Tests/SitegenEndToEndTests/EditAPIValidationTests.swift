import Foundation
import Testing

/// The editing API checks every field it is given with the rules `sitegen
/// edit` and `new` apply, and refuses a value of the wrong type (422) rather
/// than turning it into something else; a refusal writes nothing.
@Suite(.serialized) struct EditAPIValidationTests {
    private static let files = [
        "site.yml": "title: Club\nbase_url: https://example.org/\nlanguage: en\ndefault_username: kim\n",
        "content/posts/a.md":
            "---\nusername: kim\ntitle: Post A\ndate: 2024-01-01\ntags: [study]\n---\nThe body of A.\n",
        "content/primes.md": "---\ncount: 7\nfavorites: [2, 3]\n---\nCount up.\n",
    ]

    /// A preview of a new site with its token, and the site.
    private struct Editing {
        let site: TempSite
        let preview: PreviewProcess
        let token: String

        init() throws {
            site = try TempSite.with(EditAPIValidationTests.files)
            preview = try PreviewProcess(site, [], environment: ["SOURCE_DATE_EPOCH": "1714521600"])
            let page = try preview.request("/").text
            let match = page.firstMatch(of: /<meta name="sitegen-token" content="([0-9a-f]{32})">/)
            token = try #require(match.map { String($0.1) }, "no token in \(page.prefix(300))")
        }

        /// A POST of `json` to the API address `name`: its status and JSON.
        func post(_ name: String, _ json: [String: Any]) throws -> (status: Int, json: [String: Any], text: String) {
            let reply = try preview.request(
                "/_sitegen/api/" + name, method: "POST",
                headers: ["X-Sitegen-Token": token, "Content-Type": "application/json"],
                body: try JSONSerialization.data(withJSONObject: json))
            return (
                reply.status, (try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any] ?? [:], reply.text
            )
        }

        /// The version of a file as the API gives it.
        func version(_ path: String) throws -> String {
            let reply = try preview.request("/_sitegen/api/file?path=" + path)
            let json = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
            return try #require(json?["version"] as? String)
        }
    }

    @Test func aDraftGivenAsAnythingButTrueOrFalseIsRefused() throws {
        let editing = try Editing()
        let names = try editing.site.names(in: "content/posts")
        let yes = try editing.post("new", ["kind": "post", "fields": ["title": "Secret", "draft": "yes"]])
        #expect(yes.status == 422, "\(yes.text)")
        #expect(yes.json["error"] as? String == "fields.draft must be true or false (JSON true or false), got \"yes\"")
        let tags = try editing.post("new", ["kind": "post", "fields": ["title": "T", "tags": "study"]])
        #expect(
            tags.status == 422
                && tags.json["error"] as? String
                    == "fields.tags must be a list of texts (a JSON array of strings), got \"study\"",
            "\(tags.text)")
        let title = try editing.post("new", ["kind": "post", "fields": ["title": 5]])
        #expect(
            title.status == 422 && title.json["error"] as? String == "fields.title must be text (a JSON string), got 5",
            "\(title.text)")
        let body = try editing.post("new", ["kind": "post", "fields": ["title": "T"], "body": 7])
        #expect(body.status == 400, "\(body.text)")
        let typo = try editing.post("new", ["kind": "post", "fields": ["titel": "T"]])
        #expect(typo.status == 422, "\(typo.text)")
        #expect(
            typo.json["error"] as? String
                == "fields.titel is not a field a new post is given (draft, tags, title, username); did you mean \"title\"?"
        )
        #expect(try editing.site.names(in: "content/posts") == names, "nothing was created")
        let draft = try editing.post("new", ["kind": "post", "fields": ["title": "Secret", "draft": true]])
        #expect(draft.status == 201, "\(draft.text)")
        #expect(try editing.site.read("content/posts/secret.md").contains("\ndraft: true\n"))
        #expect(editing.preview.stop() == 0)
    }

    @Test func anEditsValuesAreCheckedByTheFieldsType() throws {
        let editing = try Editing()
        let post = "content/posts/a.md"
        let before = try editing.site.bytes(post)
        let version = try editing.version(post)
        for (set, error) in [
            (["draft": "yes"] as [String: Any], "draft must be true or false (JSON true or false), got \"yes\""),
            (["tags": "study"], "tags must be a list of texts (a JSON array of strings), got \"study\""),
            (["tags": ["a", 1]], "tags must be a list of texts (a JSON array of strings), got an array"),
            (["title": ["a"]], "title must be text (a JSON string), got an array"),
        ] {
            let answer = try editing.post("edit", ["path": post, "version": version, "set": set])
            #expect(answer.status == 422 && answer.json["error"] as? String == error, "\(set): \(answer.text)")
        }
        let primes = try editing.post(
            "edit",
            [
                "path": "content/primes.md", "version": try editing.version("content/primes.md"),
                "set": ["favorites": [2, 3, 5]],
            ])
        #expect(primes.status == 200, "\(primes.text)")
        #expect(try editing.site.read("content/primes.md") == "---\ncount: 7\nfavorites: [2, 3, 5]\n---\nCount up.\n")
        #expect(try editing.site.bytes(post) == before)
        #expect(editing.preview.stop() == 0)
    }

    @Test func aFieldTheKindDoesNotDeclareIsRefusedUnlessForced() throws {
        let editing = try Editing()
        let post = "content/posts/a.md"
        let before = try editing.site.bytes(post)
        let typo = try editing.post(
            "edit", ["path": post, "version": try editing.version(post), "set": ["titel": "x"]])
        #expect(typo.status == 422, "\(typo.text)")
        #expect(
            (typo.json["diagnostics"] as? [[String: Any]])?.first?["text"] as? String
                == "content/posts/a.md:1:1: error: a post has no field \"titel\"; did you mean \"title\"? (--force writes it anyway, for a field the site's own templates read)"
        )
        #expect(try editing.site.bytes(post) == before)
        let forced = try editing.post(
            "edit", ["path": post, "version": try editing.version(post), "set": ["subtitle": "x"], "force": true])
        #expect(forced.status == 200, "\(forced.text)")
        #expect(try editing.site.read(post).contains("\nsubtitle: x\n"))
        #expect(editing.preview.stop() == 0)
    }

    @Test func newRefusesTagsThatAreOneTag() throws {
        let editing = try Editing()
        let names = try editing.site.names(in: "content/posts")
        let answer = try editing.post("new", ["kind": "post", "fields": ["title": "T", "tags": ["study", "STUDY"]]])
        #expect(answer.status == 422, "\(answer.text)")
        #expect(
            (answer.json["diagnostics"] as? [[String: Any]])?.first?["text"] as? String
                == "content/posts/t.md:5:15: error: tags holds \"STUDY\" and \"study\" (line 5), which are one: they differ only in case or Unicode normalization; keep one"
        )
        #expect(try editing.site.names(in: "content/posts") == names)
        #expect(editing.preview.stop() == 0)
    }
}

extension EditAPIValidationTests {
    @Test func anEditThatBreaksALinkIsRefusedWith422() throws {
        let editing = try Editing()
        let post = "content/posts/a.md"
        let before = try editing.site.bytes(post)
        let answer = try editing.post(
            "edit", ["path": post, "version": try editing.version(post), "body": "See [x](/nowhere/).\n"])
        #expect(answer.status == 422, "\(answer.text)")
        #expect(
            (answer.json["diagnostics"] as? [[String: Any]])?.first?["text"] as? String
                == "content/posts/a.md:7:5: error: broken link /nowhere/: no page or file of this site is at /nowhere/")
        #expect(try editing.site.bytes(post) == before)
        #expect(editing.preview.stop() == 0)
    }
}
