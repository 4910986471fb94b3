/// One field of a collection, as `site.yml` declares it (`seats: {type: integer, min: 0}`)
/// or as sitegen declares a built-in one (a post's `username`).
public struct FieldSpec: Sendable, Hashable {
    /// The field's key in front matter, and in templates (`page.item.<name>`).
    public var name: String
    /// What the field holds.
    public var type: FieldType
    /// Whether every item must have it (`required: true`).
    public var isRequired = false
    /// Whether it is set once when the item is created and never changed (`immutable: true`).
    public var isImmutable = false
    /// The value an item without the field has (`default:`), checked against the type.
    public var defaultValue: FieldValue?
    /// The smallest value an `integer` or `number` field takes (`min:`).
    public var minimum: Double?
    /// The largest value an `integer` or `number` field takes (`max:`).
    public var maximum: Double?
    /// The texts a `choice` field may hold (`of:`), in declared order.
    public var choices: [String] = []
    /// Whether a `list` field's texts each get a term page (`taxonomy: true`), like a post's tags.
    public var isTaxonomy = false

    /// A field of a type, optional, mutable, with no default.
    public init(_ name: String, _ type: FieldType) {
        self.name = name
        self.type = type
    }

    /// `starts_at` → `Starts at`: the field's name as a label (a form's, a page of its terms'),
    /// until a site gives labels of its own.
    var label: String {
        let words = name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// This field made required.
    func required() -> FieldSpec { with { $0.isRequired = true } }
    /// This field made immutable.
    func immutable() -> FieldSpec { with { $0.isImmutable = true } }

    private func with(_ change: (inout FieldSpec) -> Void) -> FieldSpec {
        var copy = self
        change(&copy)
        return copy
    }
}

/// Why a value does not fit its field, and where: the YAML mark of the offending node
/// (a list's item, say), or `nil` for a value given as command-line text.
public struct FieldProblem: Error, Sendable, Hashable {
    /// What is wrong, naming the field: `seats must be at least 0, got -1`.
    public var message: String
    /// Where in the YAML the offending node starts, if the value came from YAML.
    public var mark: YAMLMark?

    /// A problem at a mark.
    public init(_ message: String, at mark: YAMLMark?) {
        self.message = message
        self.mark = mark
    }
}
