/// One field of a collection, as `site.yml` declares it (`seats: {type: integer, min: 0}`)
/// or as sitegen declares a built-in one (a post's `username`).
package struct FieldSpec: Sendable, Hashable {
    /// The field's key in front matter, and in templates (`page.item.<name>`).
    package var name: String
    /// What the field holds.
    package var type: FieldType
    /// Whether every item must have it (`required: true`).
    package var isRequired = false
    /// Whether it is set once when the item is created and never changed (`immutable: true`).
    package var isImmutable = false
    /// The value an item without the field has (`default:`), checked against the type.
    package var defaultValue: FieldValue?
    /// The smallest value an `integer` or `number` field takes (`min:`).
    package var minimum: Double?
    /// The largest value an `integer` or `number` field takes (`max:`).
    package var maximum: Double?
    /// The texts a `choice` field may hold (`of:`), in declared order.
    package var choices: [String] = []
    /// Whether a `list` field's texts each get a term page (`taxonomy: true`), like a post's tags.
    package var isTaxonomy = false
    /// Whether a `text` field names a page's folder, as a post's `username` names `/users/<username>/`.
    package var namesPage = false
    /// What a whole number counts, completing "a whole number of …" (a price's `won`); built-in kinds only.
    package var unit: String?

    /// A field of a type, optional, mutable, with no default.
    package init(_ name: String, _ type: FieldType) {
        self.name = name
        self.type = type
    }

    /// What the field is called where people read it (`label:`), in the site's language;
    /// `nil` for the field's name tidied (`label`).
    package var declaredLabel: String?

    /// What a page or form calls the field (the generic item template, an editing form, the page of
    /// its terms): its `label:`, else its name tidied (`starts_at` → `Starts at`).
    var label: String {
        if let declaredLabel { return declaredLabel }
        let words = name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// This field made required.
    func required() -> FieldSpec { with { $0.isRequired = true } }
    /// This field made immutable.
    func immutable() -> FieldSpec { with { $0.isImmutable = true } }
    /// This field made one that names a page's folder.
    func namingPage() -> FieldSpec { with { $0.namesPage = true } }

    private func with(_ change: (inout FieldSpec) -> Void) -> FieldSpec {
        var copy = self
        change(&copy)
        return copy
    }
}

extension FieldSpec {
    /// How `edit --set` writes this field's value, and whether `--add`/`--remove` apply to it.
    package var valueKind: FieldValueKind {
        switch type {
        case .integer: return .wholeNumber
        case .boolean: return .flag
        case .list: return .textList
        default: return .text
        }
    }
}

/// Why a value does not fit its field, and where: the YAML mark of the offending node
/// (a list's item, say), or `nil` for a value given as command-line text.
package struct FieldProblem: Error, Sendable, Hashable {
    /// What is wrong, naming the field: `seats must be at least 0, got -1`.
    package var message: String
    /// Where in the YAML the offending node starts, if the value came from YAML.
    package var mark: YAMLMark?
    /// The value's other problems, when it has several (each wrong item of a list).
    package var more: [FieldProblem] = []

    /// A problem at a mark.
    package init(_ message: String, at mark: YAMLMark?) {
        self.message = message
        self.mark = mark
    }
}
