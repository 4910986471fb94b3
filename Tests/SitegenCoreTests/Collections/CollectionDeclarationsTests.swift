import Testing

@testable import SitegenCore

/// `collections:` in `site.yml`: schemas read in declared order, every mistake located.
@Suite struct CollectionDeclarationsTests {
    private func load(_ collections: String) throws -> (SiteCollections?, [String]) {
        let text = "title: T\ncollections:\n" + collections
        let document = try ContentDocument(path: "site.yml", bytes: Array(text.utf8), layout: .yaml)
        let (settings, diagnostics) = SiteSettings.load(document, slug: "site")
        return (settings?.collections, diagnostics.sorted().map(\.description))
    }

    private let events = """
          events:
            title: Events
            fields:
              title:    {type: text, required: true}
              starts:   {type: date, required: true}
              venue:    {type: text}
              seats:    {type: integer, min: 0}
              speakers: {type: list, taxonomy: true}
              cover:    {type: image}
              host:     {type: text, required: true, immutable: true}
              status:   {type: choice, of: [draft, done], default: draft}
            sort: {by: starts, order: ascending}
            paginate: 10
            feed: true
          posts:
            fields:
              image:   {type: image}
              updated: {type: date}
              series:  text

        """

    @Test func theIssuesExampleReadsIntoSchemas() throws {
        let (collections, diagnostics) = try load(events)
        #expect(diagnostics == [])
        let schema = try #require(collections?.declared(named: "events"))
        #expect(schema.title == "Events")
        #expect(schema.fieldNames == ["title", "starts", "venue", "seats", "speakers", "cover", "host", "status"])
        #expect(schema.sort == CollectionSort(by: "starts", order: .ascending))
        #expect(schema.paginate == 10 && schema.feed && !schema.isBuiltIn)
        let seats = try #require(schema.field(named: "seats"))
        #expect(seats.type == .integer && seats.minimum == 0 && seats.maximum == nil && !seats.isRequired)
        let host = try #require(schema.field(named: "host"))
        #expect(host.isRequired && host.isImmutable)
        #expect(schema.field(named: "speakers")?.isTaxonomy == true)
        #expect(schema.field(named: "status")?.choices == ["draft", "done"])
        #expect(schema.field(named: "status")?.defaultValue == .choice("draft"))
        let posts = try #require(collections?.schema(named: "posts"))
        #expect(posts.isBuiltIn)
        // A post's `image` and `updated` are its own now: declaring them with their own types still reads.
        #expect(posts.declaredFields.map(\.name) == ["series"])
        #expect(posts.field(named: "image")?.type == .image && posts.field(named: "updated")?.type == .date)
        #expect(posts.field(named: "username")?.isImmutable == true)
        #expect(collections?.schema(named: "menu") == BuiltInCollections.menu)
    }

    @Test func theDefaultSortIsTheFirstDateDescendingElseTheTitle() throws {
        let (collections, _) = try load(
            "  talks: {fields: {title: text, held: date}}\n  projects: {fields: {title: text}}\n  notes: {}\n")
        #expect(collections?.declared(named: "talks")?.sort == CollectionSort(by: "held", order: .descending))
        #expect(collections?.declared(named: "projects")?.sort == CollectionSort(by: "title", order: .ascending))
        #expect(collections?.declared(named: "notes")?.sort == CollectionSort(by: "slug", order: .ascending))
        #expect(collections?.declared(named: "notes")?.title == "notes")
    }

    @Test func anUnknownTypeSuggestsTheNearestOne() throws {
        let (_, diagnostics) = try load("  events:\n    fields:\n      seats: {type: integr}\n")
        #expect(
            diagnostics == [
                "site.yml:5:21: error: unknown type \"integr\" for field seats; did you mean \"integer\"? (the types are "
                    + "text, markdown, integer, number, boolean, date, list, url, image, choice)"
            ])
    }

    @Test func eachMisdeclaredAttributeIsAnErrorAtIt() throws {
        let (collections, diagnostics) = try load(
            """
              events:
                fields:
                  venue: {type: text, min: 3}
                  status: {type: choice}
                  seats: {type: integer, default: many}
                  speakers: {type: text, taxonomy: true}
                  size: {type: number, of: [a]}
                  when: {type: date, requird: true}
                  room: {type: text, label: [a]}
                sort: {by: start}

            """)
        #expect(
            diagnostics == [
                "site.yml:5:32: error: min applies to integer and number fields, and venue is text",
                "site.yml:6:15: error: field status is a choice and needs of: its choices, like of: [draft, review, done]",
                "site.yml:7:39: error: default of seats does not fit: seats must be a whole number, got \"many\"",
                "site.yml:8:40: error: taxonomy applies to list fields, and speakers is text",
                "site.yml:9:32: error: of applies to choice fields, and size is number",
                "site.yml:10:26: error: field when has no setting \"requird\" (default, immutable, label, max, min, "
                    + "of, required, taxonomy, type); did you mean \"required\"?",
                "site.yml:11:33: error: label of room must be text, like label: Starts, found a list",
                "site.yml:12:16: error: sort.by names no field of events: \"start\"",
            ])
        #expect(collections == nil)
    }

    @Test func aCollectionNameMustBeAFreeFolder() throws {
        let (_, diagnostics) = try load("  tags: {}\n  _sitegen: {}\n  My Events: {}\n  post: {}\n  collection: {}\n")
        #expect(
            diagnostics == [
                "site.yml:3:3: error: collection name \"tags\" is taken by sitegen's own files (/tags); choose another",
                "site.yml:4:3: error: collection name \"_sitegen\" must be lower-case letters, digits, - and _, "
                    + "starting with a letter or digit (it names the folder content/NAME/ and the address /NAME/)",
                "site.yml:5:3: error: collection name \"My Events\" must be lower-case letters, digits, - and _, "
                    + "starting with a letter or digit (it names the folder content/NAME/ and the address /NAME/)",
                "site.yml:6:3: error: collection name \"post\" is taken by sitegen's own files (/post); choose another",
                "site.yml:7:3: error: collection name \"collection\" is taken by sitegen's own files (/collection); "
                    + "choose another",
            ])
    }

    @Test func aBuiltInKindTakesNewFieldsOnly() throws {
        let (_, diagnostics) = try load(
            "  posts:\n    fields:\n      title: {type: text}\n      url: url\n    paginate: 5\n  menu:\n    fields: {price: integer}\n"
        )
        #expect(
            diagnostics == [
                "site.yml:5:7: error: posts already has a field \"title\"; site.yml can only add fields it does not have",
                "site.yml:6:7: error: field name \"url\" is taken: every item has it (aliases, content, layout, slug, url)",
                "site.yml:7:5: error: posts is built in: site.yml can add fields to it, not change its paginate",
                "site.yml:9:14: error: menu already has a field \"price\"; site.yml can only add fields it does not have",
            ])
    }

    @Test func aTaxonomyIsForDeclaredCollectionsOnly() throws {
        let (_, diagnostics) = try load("  posts:\n    fields:\n      series: {type: list, taxonomy: true}\n")
        #expect(
            diagnostics == [
                "site.yml:5:38: error: taxonomy: true is for the collections site.yml declares; posts is built in"
            ])
    }

    @Test func sortOrderAndPaginateAndFeedAreChecked() throws {
        let (_, diagnostics) = try load(
            "  talks:\n    fields: {title: text, tags: list}\n    sort: {by: tags, order: up}\n    paginate: -2\n    feed: true\n"
        )
        #expect(
            diagnostics == [
                "site.yml:5:16: error: sort.by cannot be tags: it is a list",
                "site.yml:5:29: error: sort.order must be ascending or descending, got \"up\"",
                "site.yml:6:15: error: paginate of talks must be a number of items per page (0 for one page), got \"-2\"",
                "site.yml:7:11: error: feed: true needs a date field in talks: a feed's entries are dated",
            ])
    }

    /// A built-in kind is read by the one reading every collection's item has: the same front
    /// matter read as a post and as an item of a declared collection with a post's fields gives
    /// the same problems at the same places, and a post's rules are its schema's.
    @Test func aBuiltInKindIsReadAsADeclaredCollectionWithItsFields() throws {
        let text = """
            ---
            title: [a list]
            date: someday
            tags: [swift, Swift, \(String(repeating: "x", count: 201))]
            draft: maybe
            titel: typo
            layout: [no]
            ---
            Body.
            """
        let document = try ContentDocument(path: "content/posts/p.md", bytes: Array(text.utf8))
        var twin = CollectionSchema(
            name: "notes",
            fields: BuiltInCollections.posts.fields.filter { !["aliases", "layout"].contains($0.name) })
        twin.isBuiltIn = false
        let asPost = Post.load(document, slug: "p", schema: BuiltInCollections.posts)
        let asItem = CollectionItem.load(document, slug: "p", schema: twin)
        #expect(asPost.model == nil && asItem.model == nil)
        #expect(asPost.diagnostics.count == 8)
        #expect(
            asPost.diagnostics.map(\.description)
                == asItem.diagnostics.map {
                    $0.description.replacingOccurrences(of: "an item of notes", with: "a post")
                })
        #expect(Set(BuiltInCollections.posts.fieldNames) == Post.fieldNames)
        #expect(Post.requiredFields == ["username"] && Post.immutableFields == ["username"])
        #expect(MenuItem.requiredFields == ["name", "price"] && MenuItem.valueKinds["price"] == .wholeNumber)
        #expect(Profile.immutableFields == ["name"])
    }
}
