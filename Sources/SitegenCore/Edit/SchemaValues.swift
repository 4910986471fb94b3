/// The values a new item is given for the fields its collection's schema types (`sitegen new
/// events --set starts=2025-03-01`, the preview's "new" form): each read by its `FieldSpec` as
/// `edit --set` reads it, and written as YAML that reads back as the same value, in the
/// schema's order. A field left out is not written: its `default:` stays in `site.yml`, so a
/// changed default reaches every item that never chose a value of its own.
package struct SchemaValues: Sendable {
    /// Each field given, in the schema's order, with the YAML written for it.
    package var lines: [Line]
    /// The typed values, by field.
    package var values: [String: FieldValue]

    /// One field's line of front matter.
    package struct Line: Sendable, Hashable {
        /// The field's name.
        package var key: String
        /// Its value as YAML.
        package var yaml: String
    }

    /// Every reason the values cannot make the item, each a sentence naming the field.
    package struct Problems: Error, Sendable, Hashable {
        /// The reasons, in the order the values were given, then the fields missing.
        package var messages: [String]
    }

    /// How the values were given, for the words of a problem.
    package enum Naming: Sendable {
        /// `--set KEY=VALUE` on the command line.
        case commandLine
        /// `fields: {KEY: VALUE}` in a JSON request of the preview's API.
        case jsonFields
    }

    /// Reads `settings` (field, text as typed) for an item with `fields`. A declared collection's
    /// item must have every required field without a default; a built-in kind's item takes only
    /// the fields `site.yml` adds (its own have options of their own).
    package static func read(
        _ settings: [EditRequest.Assignment], for fields: EditableFields, naming: Naming = .commandLine
    ) -> Result<SchemaValues, Problems> {
        var messages: [String] = []
        var values: [String: (value: FieldValue, written: String)] = [:]
        let names = fields.typed.map(\.name)
        for setting in settings {
            guard let spec = fields.typedSpec(setting.key) else {
                messages.append(unknownField(setting.key, fields))
                continue
            }
            if values[spec.name] != nil {
                messages.append("\(spec.name) is given twice")
                continue
            }
            switch spec.parse(commandLineText: setting.value) {
            case .success(let value): values[spec.name] = (value, setting.value)
            case .failure(let problem):
                let given = naming == .commandLine ? "--set \(setting.key)=\(setting.value)" : "fields.\(setting.key)"
                messages.append("\(given): \(problem.message)")
            }
        }
        if fields.isDeclaredItem {
            for name in names where fields.required.contains(name) && !settings.contains(where: { $0.key == name }) {
                let how =
                    naming == .jsonFields
                    ? "fields.\(name)" : name == "title" ? "--title T or --set title=VALUE" : "--set \(name)=VALUE"
                messages.append("a new item of \(fields.schema?.name ?? "") needs \(name); give it with \(how)")
            }
        }
        guard messages.isEmpty else { return .failure(Problems(messages: messages)) }
        let lines = fields.typed.compactMap { spec in
            values[spec.name].map {
                Line(key: spec.name, yaml: YAMLScalarWriter.yaml(for: $0.value, written: $0.written))
            }
        }
        return .success(SchemaValues(lines: lines, values: values.mapValues(\.value)))
    }

    private static func unknownField(_ key: String, _ fields: EditableFields) -> String {
        let names = fields.typed.map(\.name)
        let hint = FieldReader.nearMiss(of: key, among: Set(names)).map { "; did you mean \"\($0)\"?" } ?? ""
        guard fields.isDeclaredItem else {
            let added = names.isEmpty ? "none" : names.joined(separator: ", ")
            return
                "--set gives the fields site.yml adds to \(fields.schema?.name ?? "this kind") (\(added)), not \"\(key)\"\(hint); give the others with their own options"
        }
        return "\(fields.kindName) has no field \"\(key)\"\(hint) (its fields: \(names.joined(separator: ", ")))"
    }
}
