/// `page.toc`: a body's level 2 and 3 headings as a nested list, for a table
/// of contents: `{items: [{id, text, url, has_children, children: [...]}]}`, or nothing when
/// the body has fewer than two, so `{{#page.toc}}…{{/page.toc}}` shows only when useful.
enum TableOfContents {
    static func value(_ headings: [(level: Int, id: String, text: String)]) -> TemplateValue {
        var items: [(entry: [TemplateKey: TemplateValue], children: [TemplateValue])] = []
        for heading in headings where heading.level == 2 || heading.level == 3 {
            let entry: [TemplateKey: TemplateValue] = [
                "id": .string(heading.id), "text": .string(heading.text), "url": .string("#" + heading.id),
            ]
            if heading.level == 3, !items.isEmpty {
                items[items.count - 1].children.append(
                    .object(entry.merging(["children": .list([]), "has_children": .bool(false)]) { a, _ in a }))
            } else {
                items.append((entry, []))
            }
        }
        guard items.count + items.reduce(0, { $0 + $1.children.count }) >= 2 else { return .null }
        return .object([
            "items": .list(
                items.map { item in
                    var entry = item.entry
                    entry["children"] = .list(item.children)
                    entry["has_children"] = .bool(!item.children.isEmpty)
                    return .object(entry)
                })
        ])
    }
}
