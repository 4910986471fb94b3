import Testing

@testable import SitegenCore

/// What a file is, and the problems `check` finds in it, with the site's declarations.
@Suite struct ContentKindCollectionTests {
    private func collections(_ yaml: String) throws -> SiteCollections {
        let document = try ContentDocument(
            path: "site.yml", bytes: Array(("title: T\ncollections:\n" + yaml).utf8), layout: .yaml)
        return try #require(SiteSettings.load(document, slug: "site").model).collections
    }

    @Test func aFileInADeclaredCollectionsFolderIsItsItem() throws {
        let names: Set<String> = ["events"]
        #expect(
            try ContentKind.of(contentName: "events/spring", collections: names).get() == (
                .item(collection: "events"), "spring"
            ))
        #expect(
            try ContentKind.of(contentName: "events/spring/index", collections: names).get()
                == (.item(collection: "events"), "spring"))
        #expect(try ContentKind.of(contentName: "events/spring").get() == (.page, "events/spring"))
        guard case .failure(let problem) = ContentKind.of(contentName: "events/a/b/c", collections: names) else {
            return #expect(Bool(false))
        }
        #expect(
            problem.message
                == "put this file directly in content/events/, or name it index.md in its own folder (content/events/<slug>/index.md)"
        )
    }

    @Test func checkReadsAnItemByItsSchemaAndAPostWithTheFieldsAddedToIt() throws {
        let site = try collections(
            "  events:\n    fields: {seats: {type: integer, min: 0}}\n  posts:\n    fields: {series: text}\n")
        let event = try ContentDocument(path: "content/events/a.md", bytes: Array("---\nseats: -1\n---\n".utf8))
        #expect(
            ContentKind.item(collection: "events").check(event, slug: "a", collections: site).map(\.description) == [
                "content/events/a.md:2:8: error: seats must be at least 0, got -1"
            ])
        let post = try ContentDocument(
            path: "content/posts/a.md", bytes: Array("---\nusername: u\nseries: One\n---\n".utf8))
        #expect(ContentKind.post.check(post, slug: "a", collections: site) == [])
        #expect(
            ContentKind.post.check(post, slug: "a").map(\.description) == [
                "content/posts/a.md:3:1: warning: a post has no field \"series\"; it is ignored"
            ])
    }
}
