import Foundation

/// What `site.yml`'s `language` may be: a BCP 47 language tag (`en`, `ko`, `en-GB`,
/// `zh-Hant-TW`), checked for its form: a language of two or three letters, then
/// subtags of one to eight letters or digits, joined by `-`. Whether the language
/// exists is not asked (that takes IANA's registry); a name such as `english` or
/// a locale such as `en_US` is refused, with the tag it likely meant.
enum LanguageTag {
    /// Whether `tag` has the form of a language tag.
    static func isWellFormed(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...3).contains(language.count),
            language.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count)
                && subtag.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
                }
        }
    }

    /// The tag a refused value likely meant: `en_US` → `en-US`, `english` → `en`, `한국어` → `ko`.
    static func suggestion(for value: String) -> String? {
        let hyphenated = value.replacingOccurrences(of: "_", with: "-")
        if hyphenated != value && isWellFormed(hyphenated) { return hyphenated }
        return names[value.lowercased()]
    }

    private static let names = [
        "english": "en", "korean": "ko", "한국어": "ko", "japanese": "ja", "chinese": "zh", "german": "de",
        "deutsch": "de", "french": "fr", "français": "fr", "spanish": "es", "español": "es",
    ]
}
