import Foundation
import Testing

@testable import SitegenCore

/// What a rebuild renders follows from what each page read last time, through
/// the library's build pipeline on a real temp site.
@Suite struct RecordedDependencyTests {
    /// A temp site with two posts and a menu item, removed when done.
    final class Site {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-deps-\(UUID().uuidString)")

        init() throws {
            try write("site.yml", "title: Club\n")
            try write("content/posts/a.md", "---\nusername: u\ntitle: A\ndate: 2024-01-01\n---\nFirst\n")
            try write("content/posts/b.md", "---\nusername: u\ntitle: B\ndate: 2024-01-02\n---\nSecond\n")
            try write("content/menu/x.md", "---\nname: X\nprice: 1000\n---\nDish\n")
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func read(_ path: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }

        /// Builds; returns how many HTML pages were rendered.
        func build() throws -> Int {
            try BuildPipeline(options: BuildOptions(siteRoot: root)).build().pagesRendered
        }
    }

    private static let postTemplate = "<h1>{{title}}</h1>{{{content}}}\n"

    @Test func aTemplateThatStartsReadingAKeyIsRenderedAgainWhenThatKeyChanges() throws {
        let site = try Site()
        try site.write("templates/post.mustache", Self.postTemplate)
        _ = try site.build()
        // The post pages do not read the menu: a new price renders the menu's pages only.
        try site.write("content/menu/x.md", "---\nname: X\nprice: 2000\n---\nDish\n")
        #expect(try site.build() == 2)  // The menu list and the item.
        // Now the post template starts reading the menu.
        try site.write("templates/post.mustache", Self.postTemplate + "{{#site.menu}}{{price_text}}{{/site.menu}}\n")
        #expect(try site.build() == 2)  // The two post pages, whose template changed.
        try site.write("content/menu/x.md", "---\nname: X\nprice: 3000\n---\nDish\n")
        let rendered = try site.build()
        #expect(try site.read("public/posts/a/index.html").contains("3,000원"))
        #expect(rendered == 4)  // Both posts, the menu list and the item.
    }

    @Test func aPageIsNotRenderedAgainWhenNothingItReadChanged() throws {
        let site = try Site()
        try site.write("templates/post.mustache", Self.postTemplate)
        _ = try site.build()
        #expect(try site.build() == 0)
        try site.write("content/posts/a.md", "---\nusername: u\ntitle: A\ndate: 2024-01-01\n---\nFirst, edited\n")
        // The post; and the posts list, the author's page and the home page, whose excerpt of it changed.
        #expect(try site.build() == 4)
    }

    @Test func aKeyReadAsAbsentIsADependencyToo() throws {
        let site = try Site()
        try site.write(
            "templates/post.mustache", Self.postTemplate + "{{#site.primes}}<p>count {{count}}</p>{{/site.primes}}\n")
        _ = try site.build()
        #expect(!(try site.read("public/posts/a/index.html").contains("count")))
        // The site had no primes page, so the post pages read `site.primes` as absent; now it is there.
        try site.write("content/primes.md", "---\ncount: 7\nfavorites: [2]\n---\nHi\n")
        _ = try site.build()
        #expect(try site.read("public/posts/a/index.html").contains("<p>count 7</p>"))
    }
}
