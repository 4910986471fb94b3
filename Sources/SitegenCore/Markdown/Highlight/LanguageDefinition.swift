/// A language as `TokenHighlighter` reads it, written as data: which words are
/// keywords and types, which delimiters open strings, comments and the like, and
/// a few switches for what a language does its own way (regex literals, keys
/// before a colon, prompt lines). One engine reads every definition.
struct LanguageDefinition: Sendable {
    var keywords: Set<String> = []
    /// Builtin type names (and other builtins shown like types).
    var types: Set<String> = []
    /// Whether keywords and types match whatever the case of their letters (SQL, PowerShell, Dockerfile).
    var ignoresCase = false
    /// Keywords only as the first word of a line, followed by a blank and then not by an operator
    /// (Python's `match`, `case`, `type`).
    var softKeywords: Set<String> = []
    /// Whether a name starting with a capital letter is a type.
    var capitalisedNamesAreTypes = false
    /// The keywords that still are keywords after a `.`; every other word after a `.` is a member name.
    var keywordsAfterDot: Set<String> = []
    /// Bytes that continue a name besides letters, digits and `_` (`-` in PowerShell, `'` in Haskell).
    var nameBytes: String = ""
    var regions: [Region] = []
    var sigils: [Sigil] = []
    var numbers: Numbers = .cLike
    /// Whether a string or a name followed by `:` is a key (`.attribute`), as in JSON.
    var keysBeforeColon = false
    /// Keys at the start of a line (after indentation), by the separator after them: `name = …` in TOML.
    var lineKeys: [LineKey] = []
    /// Lines starting (at column 0) with a prefix are one token of its kind: a diff's `+` and `-` lines.
    var lineKinds: [LineKind] = []
    /// Whether lines no `lineKinds` entry matches stay plain text, not read as code.
    var otherLinesArePlain = false
    /// Whether lines starting with a prompt (`$ `, `user@host:~$ `) are shell commands and other lines
    /// plain output, as in a console session.
    var prompts = false
    /// Whether a `/` where a value is expected starts a regex literal (JavaScript).
    var regexLiterals = false
    /// Whether a `<` followed by a name where a value is expected opens an element (JSX).
    var markupTags = false
    /// Whether a name followed by `!` is a macro (Rust): both are `.meta`.
    var macros = false

    enum Numbers: Sendable {
        case none
        /// Digits, `0x…`, `1_000`, `1.5e-3`, suffixes; `.5`.
        case cLike
        /// As `cLike`, and a `-` directly before a digit belongs to the number (JSON).
        case signed
    }
}

/// A run of code between delimiters: a string, a comment, an attribute, a directive line.
struct Region: Sendable {
    enum End: Sendable {
        case delimiter(String)
        /// Up to the end of the line, the line feed not included.
        case lineEnd
        /// The opener alone is the region (a marker such as PHP's `<?php`).
        case opener
    }

    var open: String
    var end: End
    /// The token kind of the region; nil for plain text that must not be read as code (a quoted name).
    var kind: TokenKind?
    /// Letter prefixes (matched ignoring case) that may come right before `open`, as part of the region:
    /// Python's `rb'…'`, Rust's `r"…"`. `""` allows none.
    var prefixes: [String] = [""]
    /// Whether `#`s may come between the prefix and `open`, the same number closing the region after its
    /// end delimiter and following its escapes' backslash: Swift's `#"…"#`, Rust's `r#"…"#`.
    var hashes = false
    /// Whether a backslash escapes the next byte.
    var escapes = false
    /// Whether the end delimiter written twice is text (SQL's `''`, C#'s verbatim `""`).
    var doubledEndIsText = false
    /// Whether an unterminated region ends with its line.
    var singleLine = false
    /// Whether the opener inside the region opens a nested one, which must close first.
    var nests = false
    /// Whether the region opens only as the first thing on a line (after indentation).
    var atLineStart = false
    /// A character literal: one character or one escape, then the end delimiter; otherwise not a region
    /// (so Rust's `'a` lifetime is not a string).
    var isCharacter = false
    var interpolation: Interpolation? = nil
    /// Whether `$name` inside the region is a variable (shell-like strings, Kotlin, PHP).
    var variables = false
}

/// Code inside a string: `\(…)`, `${…}`, `#{…}`, `{…}`.
struct Interpolation: Sendable {
    var open: String
    /// The byte that closes it, when no bracket opened inside it is still open.
    var close: UInt8
    /// Whether the opener written twice is text (Python's `{{`).
    var doubledOpenIsText = false
}

/// A byte that makes the name right after it a token: `@` for annotations, `$` for variables.
struct Sigil: Sendable {
    var byte: UInt8
    var kind: TokenKind
    /// Whether it counts only as the first thing on a line (Python's decorators, C's `#include`).
    var atLineStart = false
    /// Bytes that continue the name besides the language's (`.` in `@app.route`).
    var nameBytes: String = ""
}

struct LineKey: Sendable {
    /// Separators tried in order, so a longer one comes first (`:=` before `:`).
    var separators: [String]
    var kind: TokenKind
}

struct LineKind: Sendable {
    var prefix: String
    var kind: TokenKind
}
