import Foundation
import Testing

@testable import SitegenCore

@Suite struct ContentKindTests {
    private func kind(_ name: String) -> ContentKind? {
        if case .success(let found) = ContentKind.of(contentName: name) { return found.kind }
        return nil
    }

    @Test func sectionFoldersDecideTheKind() {
        #expect(kind("posts/hello") == .post)
        #expect(kind("menu/대방어") == .menuItem)
        #expect(kind("profiles/kim") == .profile)
        #expect(kind("primes") == .primes)
        #expect(kind("about") == .page)
        #expect(kind("guides/setup") == .page)
    }

    @Test func pagesKeepTheirWholePathAsSlug() throws {
        let found = try ContentKind.of(contentName: "guides/setup").get()
        #expect(found.slug == "guides/setup")
        #expect(try ContentKind.of(contentName: "posts/hello").get().slug == "hello")
    }

    @Test func itemsInSubfoldersOfASectionAreRefused() {
        #expect(
            ContentKind.of(contentName: "posts/2024/hello").failureMessage
                == "put this file directly in content/posts/, or name it index.md in its own folder (content/posts/<slug>/index.md)"
        )
    }

    @Test func unsafeFileNamesAreRefused() {
        #expect(
            ContentKind.of(contentName: "posts/a:b").failureMessage
                == "cannot use this file name as a page address: \":\" is not allowed in a name")
    }
}

@Suite struct ContentKindAgreesWithTheLoaderTests {
    @Test func everyFileIsReadAsTheKindContentKindNames() throws {
        let site = try ScratchFolder()
        let files = [
            "content/posts/a.md": "---\nusername: u\n---\n", "content/menu/b.md": "---\nname: B\nprice: 1\n---\n",
            "content/profiles/c.md": "---\nname: C\n---\n", "content/primes.md": "---\ncount: 1\n---\n",
            "content/guides/setup.md": "Setup\n", "content/about.md": "About\n",
        ]
        for folder in ["content/posts", "content/menu", "content/profiles", "content/guides"] {
            try FileManager.default.createDirectory(atPath: site.path + "/" + folder, withIntermediateDirectories: true)
        }
        try site.write("site.yml", "title: T\n")
        for (path, text) in files { try site.write(path, text) }
        let content = try #require(SiteLoader(siteRoot: URL(fileURLWithPath: site.path)).load().content)
        var loaded: [String: ContentKind] = [:]
        for post in content.posts { loaded["posts/" + post.slug] = .post }
        for item in content.menu { loaded["menu/" + item.slug] = .menuItem }
        for profile in content.profiles { loaded["profiles/" + profile.slug] = .profile }
        if content.primes != nil { loaded["primes"] = .primes }
        for page in content.pages { loaded[page.slug] = .page }
        #expect(loaded.count == files.count)
        for (name, kind) in loaded {
            #expect(try ContentKind.of(contentName: name).get().kind == kind, "\(name)")
        }
    }

    @Test func aFileInASectionSubfolderIsRefusedWithTheSameMessage() throws {
        let site = try ScratchFolder()
        try FileManager.default.createDirectory(
            atPath: site.path + "/content/posts/2024", withIntermediateDirectories: true)
        try site.write("site.yml", "title: T\n")
        try site.write("content/posts/2024/x.md", "---\nusername: u\n---\n")
        let diagnostics = SiteLoader(siteRoot: URL(fileURLWithPath: site.path)).load().diagnostics
        #expect(diagnostics.map(\.message) == [ContentKind.of(contentName: "posts/2024/x").failureMessage])
    }
}

extension Result where Failure == ContentKind.KindProblem {
    fileprivate var failureMessage: String? {
        if case .failure(let problem) = self { return problem.message }
        return nil
    }
}
