/// Counts in messages, so a run reports "1 warning" and "2 warnings", never "1 warnings".
package enum Plural {
    /// The count and the noun, plural unless the count is exactly 1: `1 file`, `0 files`, `3 files`.
    /// `plural` is for nouns that do not just take an "s".
    package static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
