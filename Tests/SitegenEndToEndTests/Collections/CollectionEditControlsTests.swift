import Foundation
import Testing

/// The editing controls a declared collection's pages get from its schema: in `serve`, the item
/// page holds its form and the list page a "new" form; `build` output holds neither.
@Suite(.serialized) struct CollectionEditControlsTests {
    @Test func thePreviewsItemAndListPagesHoldFormsMadeFromTheSchema() throws {
        let site = try EventsSite.make()
        let preview = try PreviewProcess(site)
        defer { preview.stop() }
        let item = try preview.request("/events/spring-meetup/")
        #expect(item.status == 200)
        for html in [
            #"<section class="edit-panel" data-edit="item" data-source="content/events/spring-meetup.md">"#,
            #"<input type="number" id="edit-field-seats" name="seats" data-field="seats" data-input="number" step="1" min="0" value="30">"#,
            #"<input id="edit-field-speakers" name="speakers" data-field="speakers" data-input="list" value="kim, lee" aria-describedby="edit-field-speakers-hint">"#,
            #"<p class="edit-fixed">Host: <strong>kim</strong> <span>(cannot be changed)</span></p>"#,
        ] {
            #expect(item.text.contains(html), "missing \(html)")
        }
        let list = try preview.request("/events/")
        #expect(list.text.contains(#"<form class="edit-form" data-edit-form="new-item" data-collection="events">"#))
        #expect(
            list.text.contains(
                #"<input id="edit-field-host" name="host" data-field="host" data-input="text" value="" required>"#))
    }

    @Test func builtPagesHoldNoForm() throws {
        let site = try EventsSite.make()
        let run = try site.sitegen("build")
        #expect(run.status == 0, "\(run.stderr)")
        for page in ["public/events/spring-meetup/index.html", "public/events/index.html"] {
            let html = try site.read(page)
            #expect(!html.contains("edit-form") && !html.contains("edit-panel"), "\(page) holds a form")
        }
    }
}
