/// A page's own description, for `<meta name="description">` and its link previews: its
/// `description` field when it has one, else the start of its text, cut near
/// `PageDescription.width` columns. A CJK character is shown about twice as wide as a Latin
/// letter (and search results and cards cut by width), so it counts twice; a cut falls
/// after a word when there is a space near the end (English, Korean), else between two
/// characters (Japanese and Chinese have no spaces).
enum PageDescription {
    /// How wide a description may be, in columns.
    static let width = 160

    /// The description of a page with this `description` field and this excerpt (plain text).
    static func of(description: String?, excerpt: String) -> String? {
        if let description, !description.isEmpty { return description }
        let cut = cut(excerpt)
        return cut.isEmpty ? nil : cut
    }

    /// `text` cut at `limit` columns, with `…` when it was cut (or already ended so).
    static func cut(_ text: String, limit: Int = width) -> String {
        let wasCut = text.hasSuffix("…")
        let whole = wasCut ? String(text.dropLast()) : text
        var columns = 0
        var end = whole.endIndex
        for index in whole.indices {
            columns += isWide(whole[index]) ? 2 : 1
            if columns > limit {
                end = index
                break
            }
        }
        guard end < whole.endIndex else { return whole.isEmpty || !wasCut ? whole : whole + "…" }
        let taken = whole[..<end]
        // A space in the last fifth: cut after the word before it; else between characters.
        if let space = taken.lastIndex(of: " "), taken.distance(from: space, to: taken.endIndex) <= limit / 5 {
            return String(taken[..<space]).trimmingWhitespace + "…"
        }
        return String(taken).trimmingWhitespace + "…"
    }

    /// Whether a character is shown two columns wide: Hangul, CJK ideographs, kana, full-width forms.
    private static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default: return false
        }
    }
}
