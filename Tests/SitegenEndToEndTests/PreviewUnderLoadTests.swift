import Foundation
import TestTimeLimits
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `sitegen serve` against clients that hold it, and requests HTTP allows but
/// browsers rarely send, over real sockets on 127.0.0.1: slow clients are cut
/// off, open pages cannot take every connection, an absolute-form request line
/// is answered, a redirect keeps the query, and an API write answers as soon as
/// it is built even when the file changes again at once.
@Suite(.serialized) struct PreviewUnderLoadTests {
    private static func site() throws -> TempSite {
        try TempSite.with([
            "site.yml": "title: Load\nbase_url: https://example.org/\nlanguage: en\n",
            "content/posts/a.md": "---\nusername: kim\ntitle: Post A\ndate: 2024-01-01\n---\nThe body of A.\n",
        ])
    }

    /// As many clients as the server takes connections (64) each send a request a byte at a time,
    /// never finishing it. With requests due within 1 s, they are cut off, and a normal request
    /// is answered while they still trickle.
    @Test func clientsTricklingTheirRequestsAreCutOffAndOthersAnswered() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site, environment: ["SITEGEN_TEST_REQUEST_SECONDS": "1"])
        let slow = try (0..<64).map { _ in try RawConnection(port: preview.port) }
        for connection in slow { connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\nX-Slow: ") }
        let started = Date()
        while Date().timeIntervalSince(started) < 2 {  // A byte each, every 200 ms: never silent for long.
            for connection in slow { connection.send("a") }
            usleep(200_000)
        }
        let answered = try preview.request("/posts/a/")
        #expect(answered.status == 200 && answered.text.contains("The body of A."))
        #expect(Date().timeIntervalSince(started) < TimeLimits.seconds(6), "answered in time")
        let cut = slow.filter { $0.receive(seconds: 2).closed }
        #expect(cut.count == slow.count, "every slow client was cut off")
        #expect(preview.stop() == 0)
    }

    /// 70 open pages: 32 get their live-reload stream, the others are told 503 (and their
    /// connections closed), and the preview still answers everything else.
    @Test func liveReloadStreamsHaveALimitOfTheirOwn() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site)
        var streams: [RawConnection] = []
        var heads: [String] = []
        for _ in 0..<70 {
            let connection = try RawConnection(port: preview.port)
            connection.send("GET /_sitegen/events HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n")
            heads.append(connection.responseHead(seconds: 3))
            streams.append(connection)
        }
        let statuses = heads.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "none" }
        #expect(statuses.count { $0 == "200" } == 32, "\(statuses)")
        #expect(statuses.count { $0 == "503" } == 38, "\(statuses)")
        let refused = try #require(heads.first { $0.hasPrefix("HTTP/1.1 503") })
        #expect(refused.contains("Retry-After: 5"))
        let page = try preview.request("/posts/a/")
        #expect(page.status == 200)
        streams.removeAll()  // The pages close; within a keep-alive interval their streams end.
        var reopened = ""
        let deadline = Date(timeIntervalSinceNow: TimeLimits.seconds(15))
        while Date() < deadline && !reopened.hasPrefix("HTTP/1.1 200") {
            let connection = try RawConnection(port: preview.port)
            connection.send("GET /_sitegen/events HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n")
            reopened = connection.responseHead(seconds: 3)
            if !reopened.hasPrefix("HTTP/1.1 200") { usleep(500_000) }
        }
        #expect(reopened.hasPrefix("HTTP/1.1 200"), "a stream opens again once others closed: \(reopened)")
        #expect(preview.stop() == 0)
    }

    /// `GET http://host:port/path HTTP/1.1`, which RFC 9112 asks servers to accept; its
    /// authority is the host the request is for, and is checked like a `Host` header.
    @Test func anAbsoluteFormRequestLineIsAnswered() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site)
        let ours = "127.0.0.1:\(preview.port)"
        func head(_ target: String, host: String = "127.0.0.1:\(preview.port)") throws -> String {
            let connection = try RawConnection(port: preview.port)
            connection.send("GET \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            return connection.receive(seconds: 5).text
        }
        let page = try head("http://\(ours)/posts/a/")
        #expect(page.hasPrefix("HTTP/1.1 200 ") && page.contains("The body of A."), "\(page.prefix(200))")
        #expect(try head("http://\(ours)").hasPrefix("HTTP/1.1 200 "))
        #expect(try head("HTTP://localhost:\(preview.port)/posts/a/").hasPrefix("HTTP/1.1 200 "))
        let folder = try head("http://\(ours)/posts?page=2")
        #expect(folder.hasPrefix("HTTP/1.1 301 ") && folder.contains("Location: /posts/?page=2\r\n"), "\(folder)")
        #expect(try head("http://evil.example/posts/a/").hasPrefix("HTTP/1.1 403 "), "the authority is checked")
        #expect(try head("http://evil.example:\(preview.port)/", host: ours).hasPrefix("HTTP/1.1 403 "))
        #expect(try head("https://\(ours)/").hasPrefix("HTTP/1.1 400 "), "not this server's scheme")
        #expect(preview.stop() == 0)
    }

    @Test func aFolderRedirectKeepsTheQuery() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site)
        let folder = try preview.request("/posts?page=2&q=a%20b+c")
        #expect(folder.status == 301 && folder.headers["location"] == "/posts/?page=2&q=a%20b+c", "\(folder.headers)")
        let plain = try preview.request("/posts")
        #expect(plain.status == 301 && plain.headers["location"] == "/posts/")
        #expect(preview.stop() == 0)
    }

    /// An editor that saves the file again the moment the API wrote it: the write's answer comes
    /// once the preview is built from the file as it is then, not after a 10 s timeout.
    @Test func anAPIWriteAnswersAtOnceWhenTheFileChangesAgainRightAway() throws {
        let site = try Self.site()
        let preview = try PreviewProcess(site)
        let token = try #require(
            try preview.request("/").text.firstMatch(of: /<meta name="sitegen-token" content="([0-9a-f]{32})">/)
        ).1
        let path = "content/posts/a.md"
        let read = try preview.request("/_sitegen/api/file?path=" + path)
        let version = try #require(
            (try JSONSerialization.jsonObject(with: read.body) as? [String: Any])?["version"] as? String)
        var original = stat()
        #expect(stat(site.url(path).path, &original) == 0)
        let originalInode = original.st_ino
        let editorSaved = DispatchSemaphore(value: 0)
        let file = site.url(path)
        Thread.detachNewThread {  // The editor: saves as soon as the file is not the one it had.
            let giveUp = Date(timeIntervalSinceNow: TimeLimits.seconds(10))
            var now = stat()
            while Date() < giveUp {
                if stat(file.path, &now) == 0 && now.st_ino != originalInode { break }
                usleep(200)
            }
            try? TempSite.replace(
                file, with: "---\nusername: kim\ntitle: Post A\ndate: 2024-01-01\n---\nThe editor's body.\n")
            editorSaved.signal()
        }
        let started = Date()
        let answer = try preview.request(
            "/_sitegen/api/edit", method: "POST",
            headers: ["Content-Type": "application/json", "X-Sitegen-Token": String(token)],
            body: try JSONSerialization.data(withJSONObject: [
                "path": path, "version": version, "body": "The API's body.\n",
            ]))
        let seconds = Date().timeIntervalSince(started)
        editorSaved.wait()
        #expect([200, 409].contains(answer.status), "\(answer.status) \(answer.text)")
        #expect(seconds < TimeLimits.seconds(5), "answered after \(seconds) s")
        #expect(try site.read(path).hasSuffix("The editor's body.\n"), "the editor's save is kept")
        #expect(preview.stop() == 0)
    }
}
