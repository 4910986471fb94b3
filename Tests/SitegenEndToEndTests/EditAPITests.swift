import Foundation
import Testing

/// The preview's editing API (`/_sitegen/api/`) through a real HTTP client
/// against `sitegen serve` on a temp site: each write changes exactly the
/// bytes the same `sitegen edit`/`new`/`primes` command changes on a copy of
/// the site, a refused write leaves the file's bytes as they were, and only
/// pages this preview served (its token, its own origin and host) can write.
@Suite(.serialized) struct EditAPITests {
    /// A site with one item of every kind the preview edits.
    private static let files = [
        "site.yml": "title: Club\nbase_url: https://example.org/\nlanguage: en\ndefault_username: kim\n",
        "content/posts/a.md":
            "---\nusername: kim   # set when the post was made\ntitle: Post A\ndate: 2024-01-01\ntags: [scrum]\n---\nThe body of A.\n",
        "content/menu/대방어.md": "---\nname: 대방어\n# in won\nprice: 33000\n---\n제철 대방어 회.\n",
        "content/profiles/kim.md": "---\nname: Kim\nbio: Likes scrum.\n---\nAbout Kim.\n",
        "content/primes.md": "---\ncount: 7\nfavorites:\n  - 2\n  - 3\n---\nCount up.\n",
        "content/about.md": "---\ntitle: About\n---\nAbout us.\n",
    ]

    /// Every build's now and a new post's date: 2024-05-01T00:00:00Z.
    private static let epoch = ["SOURCE_DATE_EPOCH": "1714521600"]

    private static func site() throws -> TempSite { try TempSite.with(files) }

    /// A preview of `site` with its token read from a served page.
    private struct Editing {
        let preview: PreviewProcess
        let token: String

        init(_ site: TempSite, _ arguments: [String] = []) throws {
            preview = try PreviewProcess(site, arguments, environment: EditAPITests.epoch)
            let page = try preview.request("/").text
            let match = page.firstMatch(of: /<meta name="sitegen-token" content="([0-9a-f]{32})">/)
            token = try #require(match.map { String($0.1) }, "no token in \(page.prefix(300))")
        }

        /// A POST of `json` to the API address `name`, with the token unless other headers are given.
        func post(_ name: String, _ json: [String: Any], headers: [String: String]? = nil) throws -> Answer {
            let sent = headers ?? ["X-Sitegen-Token": token, "Content-Type": "application/json"]
            return Answer(
                try preview.request(
                    "/_sitegen/api/" + name, method: "POST", headers: sent,
                    body: try JSONSerialization.data(withJSONObject: json)))
        }

        /// `GET file?path=…`.
        func file(_ path: String) throws -> Answer {
            let query = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["/", ".", "-"]))!
            return Answer(try preview.request("/_sitegen/api/file?path=" + query))
        }

        /// The version of a file as the API gives it.
        func version(_ path: String) throws -> String { try #require(try file(path).json["version"] as? String) }
    }

    /// An API answer: its status and JSON.
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

    @Test func eachWriteChangesExactlyTheBytesTheSameCommandChanges() throws {
        let site = try Self.site()
        let copy = try Self.site()
        let editing = try Editing(site)
        func same(_ path: String, _ command: [String]) throws {
            let run = try copy.sitegen(command, environment: Self.epoch)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(try site.bytes(path) == copy.bytes(path), "\(path) after \(command)")
        }

        let script = try editing.preview.request("/_sitegen/edit.js")
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.text.contains("X-Sitegen-Token") && script.text.contains("/_sitegen/api/"))

        let menu = "content/menu/대방어.md"
        let read = try editing.file(menu)
        #expect(read.status == 200 && read.json["path"] as? String == menu)
        let fields = try #require(read.json["fields"] as? [String: Any])
        #expect(fields.count == 2 && fields["name"] as? String == "대방어" && fields["price"] as? Int == 33000)
        #expect(read.json["body"] as? String == "제철 대방어 회.\n")
        let edited = try editing.post(
            "edit", ["path": menu, "version": try #require(read.json["version"]), "set": ["price": "45000"]])
        #expect(edited.status == 200 && edited.json["changed"] as? Bool == true, "\(edited.reply.text)")
        #expect(edited.json["version"] as? String == (try editing.version(menu)))
        try same(menu, ["edit", menu, "--set", "price=45000"])
        // The answer comes after the rebuild: the page already says it.
        #expect(try editing.preview.request("/menu/%EB%8C%80%EB%B0%A9%EC%96%B4/").text.contains("45,000"))

        let post = "content/posts/a.md"
        let postEdit = try editing.post(
            "edit",
            [
                "path": post, "version": try editing.version(post),
                "set": ["title": "Post A: edited", "tags": ["scrum", "회고"]], "body": "A new body.\n",
            ])
        #expect(postEdit.status == 200, "\(postEdit.reply.text)")
        try same(
            post,
            ["edit", post, "--set", "title=Post A: edited", "--set", "tags=[scrum, 회고]", "--body", "A new body.\n"])
        #expect(try editing.preview.request("/posts/a/").text.contains("A new body."))

        let profile = "content/profiles/kim.md"
        let bio = try editing.post(
            "edit", ["path": profile, "version": try editing.version(profile), "set": ["bio": "Likes retros, too."]])
        #expect(bio.status == 200, "\(bio.reply.text)")
        try same(profile, ["edit", profile, "--set", "bio=Likes retros, too."])

        for (action, number) in [("count", 8), ("count", 13), ("add", 13), ("remove", 2)] {
            let answer = try editing.post(
                "primes", ["version": try editing.version("content/primes.md"), action: number])
            #expect(answer.status == 200, "\(action) \(number): \(answer.reply.text)")
            try same("content/primes.md", ["primes", action, String(number)])
        }

        let created = try editing.post(
            "new", ["kind": "post", "fields": ["title": "From the web", "tags": ["스크럼"]], "body": "Hello."])
        #expect(created.status == 201, "\(created.reply.text)")
        #expect(created.json["path"] as? String == "content/posts/from-the-web.md")
        #expect(created.json["url"] as? String == "/posts/from-the-web/")
        try same(
            "content/posts/from-the-web.md",
            ["new", "post", "--title", "From the web", "--tags", "스크럼", "--date", "2024-05-01T00:00:00Z", "Hello."])
        #expect(try editing.preview.request("/posts/from-the-web/").status == 200, "built before the answer")
        let again = try editing.post("new", ["kind": "post", "fields": ["title": "From the web"], "body": "Again."])
        #expect(again.json["path"] as? String == "content/posts/from-the-web-2.md", "a taken name gets a number")

        let dish = try editing.post("new", ["kind": "menu", "fields": ["name": "갈비찜", "price": 28000]])
        #expect(dish.status == 201 && dish.json["url"] as? String == "/menu/%EA%B0%88%EB%B9%84%EC%B0%9C/")
        try same("content/menu/갈비찜.md", ["new", "menu", "--name", "갈비찜", "--price", "28000"])
        #expect(editing.preview.stop() == 0)
        #expect(!site.exists("public"))
    }

    @Test func aRefusedWriteSaysWhyAndWritesNothing() throws {
        let site = try Self.site()
        let editing = try Editing(site)
        let menu = "content/menu/대방어.md"
        let before = try site.bytes(menu)
        let price = try editing.post(
            "edit", ["path": menu, "version": try editing.version(menu), "set": ["price": "abc"]])
        #expect(price.status == 422)
        #expect(
            price.diagnostics == ["content/menu/대방어.md:4:8: error: price must be a whole number of won, got \"abc\""])
        let cli = try site.sitegen(["edit", menu, "--set", "price=abc"])
        #expect(cli.stderr.contains(price.diagnostics.first ?? "?"), "the same message as the command line's")
        #expect(try site.bytes(menu) == before)

        let primes = "content/primes.md"
        let primesBefore = try site.bytes(primes)
        let notPrime = try editing.post("primes", ["version": try editing.version(primes), "add": 8])
        #expect(notPrime.status == 422 && notPrime.error == "8 is not prime")
        let twice = try editing.post("primes", ["version": try editing.version(primes), "add": 3])
        #expect(twice.status == 422 && twice.diagnostics == ["content/primes.md:5:5: error: 3 is already a favorite"])
        #expect(try site.bytes(primes) == primesBefore)

        let post = "content/posts/a.md"
        let postBefore = try site.bytes(post)
        let username = try editing.post(
            "edit", ["path": post, "version": try editing.version(post), "set": ["username": "lee"]])
        #expect(username.status == 422 && username.error.contains("username"), "\(username.reply.text)")
        let name = try editing.post(
            "edit",
            [
                "path": "content/profiles/kim.md", "version": try editing.version("content/profiles/kim.md"),
                "unset": ["name"],
            ])
        #expect(name.status == 422, "\(name.reply.text)")
        #expect(try site.bytes(post) == postBefore)

        // Someone else writes the file between this client's read and its write.
        let version = try editing.version(menu)
        try site.write(menu, "---\nname: 대방어\nprice: 35000\n---\nChanged in an editor.\n")
        let late = try editing.post("edit", ["path": menu, "version": version, "set": ["price": "40000"]])
        #expect(late.status == 409 && late.error.contains("changed on disk"), "\(late.reply.text)")
        #expect(try site.read(menu) == "---\nname: 대방어\nprice: 35000\n---\nChanged in an editor.\n")

        let exists = try editing.post("new", ["kind": "menu", "fields": ["name": "대방어", "price": 1], "slug": "대방어"])
        #expect(exists.status == 409 && exists.error.contains("already exists"), "\(exists.reply.text)")
        let noSuchFile = try editing.file("content/posts/missing.md")
        #expect(noSuchFile.status == 404)
        #expect(editing.preview.stop() == 0)
    }

    @Test func onlyThisPreviewsPagesCanWrite() throws {
        let site = try Self.site()
        let editing = try Editing(site)
        let primes = "content/primes.md"
        let before = try site.bytes(primes)
        let request: [String: Any] = ["version": try editing.version(primes), "count": 9]
        let json = "application/json"
        let refusals: [(String, [String: String], Int)] = [
            ("no token", ["Content-Type": json], 403),
            ("a wrong token", ["Content-Type": json, "X-Sitegen-Token": String(repeating: "0", count: 32)], 403),
            (
                "another site's page",
                ["Content-Type": json, "X-Sitegen-Token": editing.token, "Origin": "https://evil.example"], 403
            ),
            (
                "a rebinding host",
                [
                    "Content-Type": json, "X-Sitegen-Token": editing.token,
                    "Host": "evil.example:\(editing.preview.port)",
                ], 403
            ),
            (
                "a form's type",
                ["Content-Type": "application/x-www-form-urlencoded", "X-Sitegen-Token": editing.token], 415
            ),
            ("plain text", ["Content-Type": "text/plain", "X-Sitegen-Token": editing.token], 415),
        ]
        for (what, headers, status) in refusals {
            let answer = try editing.post("primes", request, headers: headers)
            #expect(answer.status == status, "\(what): \(answer.reply.text)")
        }
        let own = try editing.post(
            "primes", request,
            headers: ["Content-Type": json, "X-Sitegen-Token": editing.token, "Origin": editing.preview.origin])
        #expect(own.status == 200, "its own origin may write: \(own.reply.text)")
        try site.write(primes, String(decoding: before, as: UTF8.self))

        let headers = ["X-Sitegen-Token": editing.token, "Content-Type": "application/json; charset=utf-8"]
        let big = try editing.preview.request(
            "/_sitegen/api/edit", method: "POST", headers: headers, body: Data(repeating: 0x20, count: 1_100_000))
        #expect(big.status == 413)
        let broken = try editing.preview.request(
            "/_sitegen/api/edit", method: "POST", headers: headers, body: Data("{\"path\": ".utf8))
        #expect(broken.status == 400)
        let get = try editing.preview.request("/_sitegen/api/edit")
        #expect(get.status == 405 && get.headers["allow"] == "POST")
        let put = try editing.preview.request("/_sitegen/api/file?path=content/primes.md", method: "PUT")
        #expect(put.status == 405)
        #expect(try editing.preview.request("/_sitegen/api/nothing").status == 404)
        #expect(try site.bytes(primes) == before)
        #expect(editing.preview.stop() == 0)
    }

    @Test func pathsOutsideTheEditableContentAreRefused() throws {
        let site = try Self.site()
        try FileManager.default.createDirectory(at: site.url("elsewhere"), withIntermediateDirectories: true)
        try site.write("elsewhere/x.md", "---\nname: X\nprice: 1\n---\n")
        try FileManager.default.createSymbolicLink(
            atPath: site.url("content/menu/linked.md").path, withDestinationPath: "../../elsewhere/x.md")
        let editing = try Editing(site)
        let tricks = [
            "site.yml", "content/../site.yml", "content/posts/../../site.yml", "/etc/passwd", "content//posts/a.md",
            "content/./posts/a.md", "content\\posts\\a.md", "content/posts/a.md\u{0}.md", "content/about.md",
            "content/menu/linked.md", "templates/layout.mustache", "content/posts/a.txt",
        ]
        for path in tricks {
            let edit = try editing.post("edit", ["path": path, "version": "0", "body": "Gotcha.\n"])
            #expect([400, 403, 404].contains(edit.status), "\(path): \(edit.reply.text)")
            let read = try editing.file(path)
            #expect([400, 403, 404].contains(read.status), "\(path): \(read.reply.text)")
        }
        let encoded = try editing.preview.request("/_sitegen/api/file?path=content%2F..%2Fsite.yml")
        #expect(encoded.status == 400)
        #expect(try site.read("elsewhere/x.md") == "---\nname: X\nprice: 1\n---\n")
        #expect(try site.read("content/about.md") == "---\ntitle: About\n---\nAbout us.\n")
        #expect(editing.preview.stop() == 0)
    }

    @Test func aReadOnlyPreviewHasNoTokenAndRefusesEveryWrite() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site, ["--read-only"])
        let page = try preview.request("/")
        #expect(page.status == 200 && !page.text.contains("sitegen-token"))
        let answer = Answer(
            try preview.request(
                "/_sitegen/api/primes", method: "POST",
                headers: ["Content-Type": "application/json", "X-Sitegen-Token": String(repeating: "a", count: 32)],
                body: Data("{\"count\": 9}".utf8)))
        #expect(answer.status == 403 && answer.error.contains("read-only"))
        #expect(try site.read("content/primes.md") == Self.files["content/primes.md"])
        #expect(preview.stop() == 0)
    }
}
