/// The inputs of the preview's editing form for an item of a collection, made from its schema:
/// one descriptor per field, in declared order, that `templates/partials/item-edit.mustache`
/// (and `item-new.mustache`, on a list page) renders, and `EditScript` reads back as typed JSON.
/// An item page holds `edit(_:values:source:)` as `page.edit_form`, a list page `new(_:)` as
/// `page.new_form`; the partials show them only inside `{{#site.editing}}`, so `build` output
/// never holds a form.
package enum EditFormFields {
    /// What kind of input a field gets.
    package enum Input: String, Sendable, Hashable {
        /// One line of text (`text`).
        case text
        /// Several lines (`markdown`).
        case textarea
        /// A number with `min`, `max` and `step` (`integer`: step 1; `number`: any).
        case number
        /// A day (`date`).
        case date
        /// A checkbox (`boolean`).
        case checkbox
        /// Texts separated by commas (`list`), as the post form's tags.
        case list
        /// One of the choices (`choice`).
        case select
        /// An address (`url`).
        case url
        /// An image's path or address (`image`).
        case image
    }

    /// The input for a field's type.
    package static func input(for type: FieldType) -> Input {
        switch type {
        case .text: return .text
        case .markdown: return .textarea
        case .integer, .number: return .number
        case .date: return .date
        case .boolean: return .checkbox
        case .list: return .list
        case .choice: return .select
        case .url: return .url
        case .image: return .image
        }
    }

    /// An existing item's form: `source` (the file's path in the site, which the API edits) and
    /// `fields`, each with its current value (or its default), an immutable one that has a value fixed.
    package static func edit(_ schema: CollectionSchema, values: [String: FieldValue], source: String) -> TemplateValue
    {
        .object([
            "source": .string(source),
            "fields": .list(
                schema.fields.map { descriptor($0, value: values[$0.name] ?? $0.defaultValue, fixed: true) }),
        ])
    }

    /// A new item's form: `collection` (its name, which the API's `new` takes as `kind`) and
    /// `fields`, every one empty (or at its default), none fixed.
    package static func new(_ schema: CollectionSchema) -> TemplateValue {
        .object([
            "collection": .string(schema.name),
            "fields": .list(schema.fields.map { descriptor($0, value: $0.defaultValue, fixed: false) }),
        ])
    }

    /// One field: `name`, `label`, `input` (and `is_<input>` for sections), `value`, `checked`,
    /// `min`/`max`/`step`, `options` (each `value`, `selected`), `required`, `fixed`, `id`.
    static func descriptor(_ spec: FieldSpec, value: FieldValue?, fixed: Bool) -> TemplateValue {
        let input = input(for: spec.type)
        var members: [TemplateKey: TemplateValue] = [
            "name": .string(spec.name), "label": .string(spec.label), "input": .string(input.rawValue),
            "is_\(input.rawValue)": true, "value": .string(text(value, input: input)),
            "required": .bool(spec.isRequired && spec.defaultValue == nil),
            "fixed": .bool(fixed && spec.isImmutable && value != nil), "id": .string("edit-field-\(spec.name)"),
        ]
        if case .boolean(let flag)? = value { members["checked"] = .bool(flag) }
        if input == .number {
            members["step"] = .string(spec.type == .integer ? "1" : "any")
            if let minimum = spec.minimum { members["min"] = .string(FieldValue.numberText(minimum)) }
            if let maximum = spec.maximum { members["max"] = .string(FieldValue.numberText(maximum)) }
        }
        if input == .select {
            let chosen = value?.plainText
            members["options"] = .list(
                spec.choices.map { .object(["value": .string($0), "selected": .bool($0 == chosen)]) })
        }
        return .object(members)
    }

    /// What the input shows: a list joined by commas, a date as its day (what `<input type="date">` takes).
    private static func text(_ value: FieldValue?, input: Input) -> String {
        switch value {
        case nil: return ""
        case .date(let date)?: return date.dayText
        case .boolean?: return ""
        case let value?: return value.plainText
        }
    }
}
