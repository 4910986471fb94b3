/// C and the languages that read like it: braces, `//` and `/* */` comments, `"…"` strings.
extension LanguageDefinition {
    private static let cComments: [Region] = [.lineComment("//"), .blockComment("/*", "*/")]
    private static let cTypes =
        "void char short int long float double signed unsigned bool _Bool size_t ssize_t ptrdiff_t "
        + "int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t uintptr_t intptr_t FILE"
    private static let cKeywords =
        "auto break case const continue default do else enum extern for goto if inline register restrict "
        + "return sizeof static struct switch typedef union volatile while NULL true false _Atomic _Noreturn "
        + "_Static_assert _Thread_local alignas alignof static_assert thread_local nullptr"

    static let c = LanguageDefinition(
        keywords: Set(words: cKeywords), types: Set(words: cTypes),
        regions: cComments + [.quoted("\"", prefixes: ["", "u8", "u", "l"]), .character(), .directiveLine("#")])

    static let cpp = LanguageDefinition(
        keywords: Set(
            words: cKeywords + " " + """
                alignas and asm catch class concept consteval constexpr constinit co_await co_return co_yield
                decltype delete dynamic_cast explicit export final friend mutable namespace new noexcept not
                operator or override private protected public reinterpret_cast requires static_cast template
                this throw try typeid typename using virtual xor const_cast
                """),
        types: Set(words: cTypes + " wchar_t char8_t char16_t char32_t string vector map auto std"),
        capitalisedNamesAreTypes: true,
        regions: cComments + [
            Region(open: "R\"(", end: .delimiter(")\""), kind: .string),
            .quoted("\"", prefixes: ["", "u8", "u", "l"]), .character(), .directiveLine("#"),
        ])

    static let objectiveC = LanguageDefinition(
        keywords: Set(
            words: cKeywords + " " + """
                self super nil Nil YES NO id instancetype SEL IMP BOOL in out inout bycopy byref oneway
                nonatomic atomic strong weak copy assign retain readonly readwrite nullable nonnull
                """),
        types: Set(words: cTypes), capitalisedNamesAreTypes: true,
        regions: cComments + [.quoted("@\"", "\""), .quoted("\""), .character(), .directiveLine("#")],
        sigils: [Sigil(byte: UInt8(ascii: "@"), kind: .keyword)])

    static let csharp = LanguageDefinition(
        keywords: Set(
            words: """
                abstract as async await base break case catch checked class const continue default delegate
                do else enum event explicit extern false finally fixed for foreach get goto if implicit in init
                interface internal is lock nameof namespace new null operator out override params private
                protected public readonly record ref required return sealed set sizeof stackalloc static struct
                switch this throw true try typeof unchecked unsafe using var virtual void volatile when where
                while yield
                """),
        types: Set(
            words:
                "bool byte char decimal double dynamic float int long nint nuint object sbyte short string uint ulong ushort"
        ),
        capitalisedNamesAreTypes: true,
        regions: cComments + [
            Region(
                open: "$@\"", end: .delimiter("\""), kind: .string, doubledEndIsText: true,
                interpolation: Interpolation(open: "{", close: UInt8(ascii: "}"), doubledOpenIsText: true)),
            Region(
                open: "@$\"", end: .delimiter("\""), kind: .string, doubledEndIsText: true,
                interpolation: Interpolation(open: "{", close: UInt8(ascii: "}"), doubledOpenIsText: true)),
            Region(open: "@\"", end: .delimiter("\""), kind: .string, doubledEndIsText: true),
            .multiline("\"\"\"", escapes: false),
            .quoted(
                "$\"", "\"", interpolation: Interpolation(open: "{", close: UInt8(ascii: "}"), doubledOpenIsText: true)),
            .quoted("\""), .character(), .directiveLine("#"),
        ])

    static let java = LanguageDefinition(
        keywords: Set(
            words: """
                abstract assert break case catch class const continue default do else enum extends final
                finally for goto if implements import instanceof interface native new package private
                protected public return static strictfp super switch synchronized this throw throws transient
                try volatile while var record sealed permits yield non-sealed true false null
                """),
        types: Set(words: "boolean byte char double float int long short void String Object"),
        capitalisedNamesAreTypes: true,
        regions: cComments + [.multiline("\"\"\""), .quoted("\""), .character()],
        sigils: [.annotation()])

    static let kotlin = LanguageDefinition(
        keywords: Set(
            words: """
                as break class continue do else false for fun if in interface is null object package return
                super this throw true try typealias typeof val var when while by catch constructor delegate
                dynamic field file finally get import init param property receiver set setparam where
                abstract actual annotation companion const crossinline data enum expect external final infix
                inline inner internal lateinit noinline open operator out override private protected public
                reified sealed suspend tailrec vararg value
                """),
        capitalisedNamesAreTypes: true,
        regions: [
            .lineComment("//"), .blockComment("/*", "*/", nests: true),
            .multiline(
                "\"\"\"", escapes: false, interpolation: Interpolation(open: "${", close: UInt8(ascii: "}")),
                variables: true),
            .quoted("\"", interpolation: Interpolation(open: "${", close: UInt8(ascii: "}")), variables: true),
            .character(),
        ],
        sigils: [.annotation()])

    static let scala = LanguageDefinition(
        keywords: Set(
            words: """
                abstract case catch class def do else enum export extends false final finally for forSome
                given if implicit import lazy match new null object override package private protected return
                sealed super then this throw trait true try type using val var while with yield extension
                """),
        capitalisedNamesAreTypes: true,
        regions: [
            .lineComment("//"), .blockComment("/*", "*/", nests: true),
            .multiline(
                "\"\"\"", prefixes: ["s", "f", "raw"], escapes: false,
                interpolation: Interpolation(open: "${", close: UInt8(ascii: "}")), variables: true),
            .multiline("\"\"\"", escapes: false),
            .quoted(
                "\"", prefixes: ["s", "f", "raw"], interpolation: Interpolation(open: "${", close: UInt8(ascii: "}")),
                variables: true),
            .quoted("\""), .character(),
        ],
        sigils: [.annotation()])

    static let dart = LanguageDefinition(
        keywords: Set(
            words: """
                abstract as assert async await base break case catch class const continue covariant default
                deferred do dynamic else enum export extends extension external factory false final finally for
                get hide if implements import in interface is late library mixin new null of on operator part
                required rethrow return sealed set show static super switch sync this throw true try typedef var
                void when while with yield
                """),
        types: Set(words: "int double num bool String List Map Set Future Stream Object dynamic"),
        capitalisedNamesAreTypes: true,
        regions: cComments + [
            .multiline("\"\"\"", prefixes: ["r"], escapes: false), .multiline("'''", prefixes: ["r"], escapes: false),
            .quoted("\"", prefixes: ["r"], escapes: false), .quoted("'", prefixes: ["r"], escapes: false),
            .multiline("\"\"\"", interpolation: Interpolation(open: "${", close: UInt8(ascii: "}")), variables: true),
            .multiline("'''", interpolation: Interpolation(open: "${", close: UInt8(ascii: "}")), variables: true),
            .quoted("\"", interpolation: Interpolation(open: "${", close: UInt8(ascii: "}")), variables: true),
            .quoted("'", interpolation: Interpolation(open: "${", close: UInt8(ascii: "}")), variables: true),
        ],
        sigils: [.annotation()])

    static let go = LanguageDefinition(
        keywords: Set(
            words: """
                break case chan const continue default defer else fallthrough for func go goto if import
                interface map package range return select struct switch type var true false nil iota
                """),
        types: Set(
            words: """
                bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string
                uint uint8 uint16 uint32 uint64 uintptr any comparable append cap close copy delete len make new
                panic print println recover min max clear
                """),
        regions: cComments + [.quoted("\""), .multiline("`", escapes: false), .character()])

    static let rust = LanguageDefinition(
        keywords: Set(
            words: """
                as async await break const continue crate dyn else enum extern false fn for if impl in let loop
                match mod move mut pub ref return self Self static struct super trait true type union unsafe use
                where while yield
                """),
        types: Set(
            words: """
                bool char str u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 String Vec Option
                Result Box Some None Ok Err
                """),
        capitalisedNamesAreTypes: true, keywordsAfterDot: ["await"],
        regions: [
            .lineComment("//"), .blockComment("/*", "*/", nests: true),
            Region(open: "#[", end: .delimiter("]"), kind: .meta, singleLine: true),
            Region(open: "#![", end: .delimiter("]"), kind: .meta, singleLine: true),
            Region(open: "\"", end: .delimiter("\""), kind: .string, prefixes: ["r", "br", "cr"], hashes: true),
            .multiline("\"", prefixes: ["", "b", "c"]), .character("'", prefixes: ["", "b"]),
        ],
        macros: true)

    static let swift = LanguageDefinition(
        keywords: Set(
            words: """
                actor associatedtype class deinit enum extension func import init inout let macro operator
                precedencegroup protocol struct subscript typealias var
                async borrowing consuming convenience dynamic fileprivate final indirect internal isolated lazy
                mutating nonisolated nonmutating open override package private package required rethrows sending
                static throws unowned weak some any get set willSet didSet
                break case catch continue default defer do else fallthrough for guard if in repeat return switch
                throw where while
                as await consume copy discard each false is nil self Self super true try Type
                """),
        capitalisedNamesAreTypes: true, keywordsAfterDot: ["init", "self", "Type"], nameBytes: "$",
        regions: [
            .lineComment("//"), .blockComment("/*", "*/", nests: true),
            Region(
                open: "\"\"\"", end: .delimiter("\"\"\""), kind: .string, hashes: true, escapes: true,
                interpolation: Interpolation(open: "\\(", close: UInt8(ascii: ")"))),
            Region(
                open: "\"", end: .delimiter("\""), kind: .string, hashes: true, escapes: true, singleLine: true,
                interpolation: Interpolation(open: "\\(", close: UInt8(ascii: ")"))),
            Region(open: "`", end: .delimiter("`"), kind: nil, singleLine: true),
        ],
        sigils: [.annotation(), .annotation("#")], numbers: .cLike)
}
