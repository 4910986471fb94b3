/// What makes a slug (a content item's id and URL segment) safe to use.
package enum SlugRules {
    /// Characters refused in a slug besides control characters: path
    /// separators and characters that break URLs or some file systems.
    private static let forbidden: Set<Character> = ["/", "\\", "?", "#", "%", "\"", "<", ">", "|", "*", ":"]

    /// Why a slug cannot be used, or `nil` when it is fine. Unicode letters are fine.
    package static func problem(in slug: String) -> String? {
        if slug.isEmpty { return "the name is empty" }
        if slug.hasPrefix(".") { return "names starting with \".\" are hidden files" }
        if slug.contains("..") { return "\"..\" is not allowed in a name" }
        if let bad = slug.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return "control character U+\(String(bad.value, radix: 16, uppercase: true)) is not allowed in a name"
        }
        if let bad = slug.first(where: { forbidden.contains($0) }) {
            return "\"\(bad)\" is not allowed in a name"
        }
        if slug.first!.isWhitespace || slug.last!.isWhitespace { return "a name cannot start or end with a space" }
        return nil
    }

    /// A slug made from a title: lower-cased, spaces and punctuation turned into
    /// `-`, letters of any script kept (`대방어 정식` → `대방어-정식`).
    package static func slug(from title: String) -> String {
        var result = ""
        var pendingDash = false
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else {
                pendingDash = true
            }
        }
        return result
    }
}
