import Testing

@testable import SitegenCore

/// The preview's editing form for a collection's item, made from its schema: the descriptors
/// `EditFormFields` builds, rendered by the built-in theme's partials.
@Suite struct EditFormFieldsTests {
    private static let schema: CollectionSchema = {
        var seats = FieldSpec("seats", .integer)
        seats.minimum = 0
        seats.maximum = 500
        var status = FieldSpec("status", .choice)
        status.choices = ["draft", "review", "done"]
        return CollectionSchema(
            name: "events",
            fields: [
                FieldSpec("title", .text).required(), FieldSpec("starts", .date).required(),
                FieldSpec("summary", .markdown), seats, FieldSpec("price", .number), FieldSpec("online", .boolean),
                FieldSpec("speakers", .list), status, FieldSpec("link", .url), FieldSpec("cover", .image),
                FieldSpec("host", .text).required().immutable(),
            ])
    }()

    private static let values: [String: FieldValue] = [
        "title": .text("Spring <meetup>"), "starts": .date(ContentDate(parsing: "2025-03-01T18:00:00+09:00")!),
        "seats": .integer(30), "online": .boolean(true), "speakers": .list(["kim", "lee"]),
        "status": .choice("review"), "host": .text("kim"),
    ]

    /// `template` rendered with the built-in theme's partials, in the preview or not.
    private func render(_ template: String, page: TemplateValue, editing: Bool = true) throws -> String {
        var sources = ["t": template]
        for (path, bytes) in Theme.builtInFiles where path.hasPrefix("partials/item-") {
            sources[String(path.dropLast(".mustache".count))] = String(decoding: bytes, as: UTF8.self)
        }
        let library = try TemplateLibrary(sources: sources, displayPrefix: "templates")
        let strings: TemplateValue = .object(
            Dictionary(uniqueKeysWithValues: ThemeStrings.english.map { (TemplateKey($0.key), .string($0.value)) }))
        let context: TemplateValue = [
            "site": .object(["editing": .bool(editing), "strings": strings]), "page": page,
        ]
        return try library.render(name: "t", context: context)
    }

    @Test func eachTypeGetsItsInputWithTheItemsValue() throws {
        let form = EditFormFields.edit(Self.schema, values: Self.values, source: "content/events/spring.md")
        let html = try render("{{>partials/item-edit}}", page: ["edit_form": form])
        let expected = [
            #"<section class="edit-panel" data-edit="item" data-source="content/events/spring.md">"#,
            #"<input id="edit-field-title" name="title" data-field="title" data-input="text" value="Spring &lt;meetup&gt;" required>"#,
            #"<input type="date" id="edit-field-starts" name="starts" data-field="starts" data-input="date" value="2025-03-01" required>"#,
            #"<textarea id="edit-field-summary" name="summary" data-field="summary" data-input="textarea" rows="3"></textarea>"#,
            #"<input type="number" id="edit-field-seats" name="seats" data-field="seats" data-input="number" step="1" min="0" max="500" value="30">"#,
            #"<input type="number" id="edit-field-price" name="price" data-field="price" data-input="number" step="any" value="">"#,
            #"<label class="edit-check" for="edit-field-online"><input type="checkbox" id="edit-field-online" name="online" data-field="online" data-input="checkbox" checked> Online</label>"#,
            #"<input id="edit-field-speakers" name="speakers" data-field="speakers" data-input="list" value="kim, lee" aria-describedby="edit-field-speakers-hint">"#,
            #"<small id="edit-field-speakers-hint" class="edit-hint">Separate items with commas.</small>"#,
            #"<option value="draft">draft</option><option value="review" selected>review</option><option value="done">done</option></select>"#,
            #"<input type="text" inputmode="url" id="edit-field-link" name="link" data-field="link" data-input="url" value="">"#,
            #"<input id="edit-field-cover" name="cover" data-field="cover" data-input="image" value="">"#,
            #"<p class="edit-fixed">Host: <strong>kim</strong> <span>(cannot be changed)</span></p>"#,
            #"<textarea id="edit-item-body" name="body" rows="8"></textarea>"#,
        ]
        for line in expected { #expect(html.contains(line), "missing \(line) in \(html)") }
        #expect(!html.contains(#"name="host""#), "an immutable field with a value is no input")
    }

    @Test func aNewItemsFormHasEveryFieldEmptyAndNoneFixed() throws {
        var schema = Self.schema
        schema.fields[5].defaultValue = .boolean(true)
        let html = try render("{{>partials/item-new}}", page: ["new_form": EditFormFields.new(schema)])
        #expect(html.contains(#"<form class="edit-form" data-edit-form="new-item" data-collection="events">"#))
        #expect(
            html.contains(
                #"<input id="edit-field-host" name="host" data-field="host" data-input="text" value="" required>"#))
        #expect(html.contains(#"data-input="checkbox" checked> Online</label>"#), "a default fills its input")
        #expect(html.contains(#"<summary>Add a new item</summary>"#))
        #expect(!html.contains("edit-fixed"))
    }

    @Test func outsideThePreviewThereIsNoForm() throws {
        let form = EditFormFields.edit(Self.schema, values: Self.values, source: "content/events/spring.md")
        let html = try render(
            "{{>partials/item-edit}}{{>partials/item-new}}",
            page: [
                "edit_form": form, "new_form": EditFormFields.new(Self.schema),
            ], editing: false)
        #expect(html.allSatisfy { $0.isWhitespace })
    }

    @Test func aLabelIsTheFieldsNameInWords() {
        #expect(FieldSpec("starts_at", .date).label == "Starts at")
        #expect(FieldSpec("cover-image", .image).label == "Cover image")
    }

    /// A field's `label:` names its input, in the site's language.
    @Test func aDeclaredLabelNamesTheInput() throws {
        var schema = Self.schema
        schema.fields[5].declaredLabel = "온라인"
        let html = try render("{{>partials/item-new}}", page: ["new_form": EditFormFields.new(schema)])
        #expect(html.contains(#"data-input="checkbox"> 온라인</label>"#), "\(html)")
    }
}
