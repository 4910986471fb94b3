/// The region forms most languages share, so that a definition reads as a list of its forms.
extension Region {
    static func lineComment(_ open: String) -> Region {
        Region(open: open, end: .lineEnd, kind: .comment)
    }

    static func blockComment(_ open: String, _ close: String, nests: Bool = false) -> Region {
        Region(open: open, end: .delimiter(close), kind: .comment, nests: nests)
    }

    /// A string closed by `close` (by default its opener) on the same line, a backslash escaping.
    static func quoted(
        _ open: String, _ close: String? = nil, prefixes: [String] = [""], escapes: Bool = true,
        interpolation: Interpolation? = nil, variables: Bool = false
    ) -> Region {
        Region(
            open: open, end: .delimiter(close ?? open), kind: .string, prefixes: prefixes, escapes: escapes,
            singleLine: true, interpolation: interpolation, variables: variables)
    }

    /// A string that may span lines: triple quotes, backticks, heredoc-like forms.
    static func multiline(
        _ open: String, _ close: String? = nil, prefixes: [String] = [""], escapes: Bool = true,
        interpolation: Interpolation? = nil, variables: Bool = false
    ) -> Region {
        Region(
            open: open, end: .delimiter(close ?? open), kind: .string, prefixes: prefixes, escapes: escapes,
            interpolation: interpolation, variables: variables)
    }

    /// A character literal such as `'a'` or `'\n'`.
    static func character(_ quote: String = "'", prefixes: [String] = [""]) -> Region {
        Region(
            open: quote, end: .delimiter(quote), kind: .string, prefixes: prefixes, escapes: true, singleLine: true,
            isCharacter: true)
    }

    /// A line that is all one directive from its first byte: C's `#include`, a shebang.
    static func directiveLine(_ open: String) -> Region {
        Region(open: open, end: .lineEnd, kind: .meta, atLineStart: true)
    }

    /// A run of the given kind between delimiters, such as Rust's `#[derive(Debug)]`.
    static func delimited(_ open: String, _ close: String, kind: TokenKind?, singleLine: Bool = true) -> Region {
        Region(open: open, end: .delimiter(close), kind: kind, singleLine: singleLine)
    }

    /// A marker that is its opener alone, such as PHP's `<?php`.
    static func marker(_ text: String, kind: TokenKind = .meta) -> Region {
        Region(open: text, end: .opener, kind: kind)
    }
}

extension Sigil {
    static func annotation(_ byte: Character = "@", atLineStart: Bool = false, nameBytes: String = "") -> Sigil {
        Sigil(byte: byte.asciiValue!, kind: .meta, atLineStart: atLineStart, nameBytes: nameBytes)
    }

    static func variable(_ byte: Character = "$") -> Sigil {
        Sigil(byte: byte.asciiValue!, kind: .variable)
    }
}

extension Set where Element == String {
    /// Words from a space-separated list, so long lists stay readable.
    init(words: String) {
        self.init(words.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }
}
