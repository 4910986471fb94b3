/// Scripting and functional languages: JavaScript and its kin, Python, Ruby, PHP, Lua, R, Elixir,
/// Haskell, PowerShell.
extension LanguageDefinition {
    private static let javaScriptKeywords = """
        async await break case catch class const continue debugger default delete do else export extends
        false finally for from function get if import in instanceof let new null of return set static super
        switch this throw true try typeof undefined var void while with yield
        """

    private static let javaScriptRegions: [Region] = [
        .lineComment("//"), .blockComment("/*", "*/"), .directiveLine("#!"),
        .multiline("`", interpolation: Interpolation(open: "${", close: UInt8(ascii: "}"))),
        .quoted("\""), .quoted("'"),
    ]

    static let javaScript = LanguageDefinition(
        keywords: Set(words: javaScriptKeywords), capitalisedNamesAreTypes: true, nameBytes: "$",
        regions: javaScriptRegions, sigils: [.annotation()], regexLiterals: true)

    static let typeScript = LanguageDefinition(
        keywords: Set(
            words: javaScriptKeywords + " " + """
                abstract as asserts declare enum implements infer interface is keyof namespace never override
                private protected public readonly satisfies type unique module
                """),
        types: Set(words: "any bigint boolean number object string symbol unknown void"),
        capitalisedNamesAreTypes: true, nameBytes: "$", regions: javaScriptRegions, sigils: [.annotation()],
        regexLiterals: true)

    static let jsx: LanguageDefinition = {
        var definition = javaScript
        definition.markupTags = true
        return definition
    }()

    static let tsx: LanguageDefinition = {
        var definition = typeScript
        definition.markupTags = true
        return definition
    }()

    static let python: LanguageDefinition = {
        let plain = ["", "r", "u", "b", "br", "rb"]
        let formatted = ["f", "rf", "fr", "t", "rt", "tr"]
        let field = Interpolation(open: "{", close: UInt8(ascii: "}"), doubledOpenIsText: true)
        return LanguageDefinition(
            keywords: Set(
                words: """
                    False None True and as assert async await break class continue def del elif else except
                    finally for from global if import in is lambda nonlocal not or pass raise return try while
                    with yield
                    """),
            types: Set(
                words: """
                    int float complex str bytes bytearray bool list tuple dict set frozenset object type range
                    Exception
                    """),
            softKeywords: ["match", "case", "type"], capitalisedNamesAreTypes: true,
            regions: [
                .lineComment("#"),
                .multiline("\"\"\"", prefixes: formatted, interpolation: field),
                .multiline("'''", prefixes: formatted, interpolation: field),
                .quoted("\"", prefixes: formatted, interpolation: field),
                .quoted("'", prefixes: formatted, interpolation: field),
                .multiline("\"\"\"", prefixes: plain), .multiline("'''", prefixes: plain),
                .quoted("\"", prefixes: plain), .quoted("'", prefixes: plain),
            ],
            sigils: [.annotation(atLineStart: true, nameBytes: ".")])
    }()

    static let ruby = LanguageDefinition(
        keywords: Set(
            words: """
                BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if
                in module next nil not or redo rescue retry return self super then true undef unless until when
                while yield require require_relative include extend attr_reader attr_writer attr_accessor
                private protected public raise loop lambda proc puts
                """),
        capitalisedNamesAreTypes: true, nameBytes: "?!",
        regions: [
            .lineComment("#"),
            Region(open: "=begin", end: .delimiter("=end"), kind: .comment, atLineStart: true),
            .multiline("\"", interpolation: Interpolation(open: "#{", close: UInt8(ascii: "}"))),
            .multiline("'"), .multiline("`", interpolation: Interpolation(open: "#{", close: UInt8(ascii: "}"))),
        ],
        sigils: [
            Sigil(byte: UInt8(ascii: "@"), kind: .variable, nameBytes: "@"), .variable("$"),
            Sigil(byte: UInt8(ascii: ":"), kind: .string, nameBytes: "?!"),
        ])

    static let php = LanguageDefinition(
        keywords: Set(
            words: """
                abstract and array as break callable case catch class clone const continue declare default do
                echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile enum extends final
                finally fn for foreach function global goto if implements include include_once instanceof
                insteadof interface isset list match namespace new or print private protected public readonly
                require require_once return static switch throw trait try unset use var while xor yield true false
                null self parent
                """),
        types: Set(words: "int float bool string void mixed never object iterable"),
        ignoresCase: true, capitalisedNamesAreTypes: true,
        regions: [
            .lineComment("//"), .lineComment("#"), .blockComment("/*", "*/"), .marker("<?php"), .marker("<?="),
            .marker("?>"), Region(open: "#[", end: .delimiter("]"), kind: .meta, singleLine: true),
            .multiline("\"", interpolation: Interpolation(open: "{$", close: UInt8(ascii: "}")), variables: true),
            .multiline("'"),
        ],
        sigils: [.variable()])

    static let lua = LanguageDefinition(
        keywords: Set(
            words: """
                and break do else elseif end false for function goto if in local nil not or repeat return then
                true until while self
                """),
        types: Set(
            words: """
                assert error ipairs next pairs pcall print rawget rawset require select setmetatable
                getmetatable tonumber tostring type unpack xpcall string table math io os coroutine
                """),
        regions: [
            .blockComment("--[[", "]]"), .blockComment("--[==[", "]==]"), .lineComment("--"),
            .multiline("[[", "]]", escapes: false), .multiline("[==[", "]==]", escapes: false),
            .quoted("\""), .quoted("'"),
        ])

    static let r = LanguageDefinition(
        keywords: Set(
            words: """
                if else repeat while function for in next break TRUE FALSE NULL Inf NaN NA NA_integer_ NA_real_
                NA_character_ library require return
                """),
        types: Set(words: "c list vector matrix data.frame factor numeric character logical integer print paste"),
        nameBytes: ".",
        regions: [.lineComment("#"), .multiline("\""), .multiline("'"), .delimited("`", "`", kind: nil)])

    static let elixir = LanguageDefinition(
        keywords: Set(
            words: """
                after alias and case catch cond def defdelegate defexception defguard defimpl defmacro
                defmacrop defmodule defp defprotocol defstruct do else end false fn for if import in not nil or
                quote raise receive require rescue true try unless unquote use when with
                """),
        capitalisedNamesAreTypes: true, nameBytes: "?!",
        regions: [
            .lineComment("#"),
            .multiline("\"\"\"", interpolation: Interpolation(open: "#{", close: UInt8(ascii: "}"))),
            .multiline("'''"),
            .multiline("\"", interpolation: Interpolation(open: "#{", close: UInt8(ascii: "}"))),
            .multiline("'"),
        ],
        sigils: [.annotation(), Sigil(byte: UInt8(ascii: ":"), kind: .string, nameBytes: "?!")])

    static let haskell = LanguageDefinition(
        keywords: Set(
            words: """
                case class data default deriving do else family forall foreign hiding if import in infix infixl
                infixr instance let mdo module newtype of proc qualified rec then type where
                """),
        capitalisedNamesAreTypes: true, nameBytes: "'",
        regions: [
            Region(open: "{-#", end: .delimiter("#-}"), kind: .meta), .blockComment("{-", "-}", nests: true),
            .lineComment("--"), .quoted("\""), .character(),
        ])

    static let powerShell = LanguageDefinition(
        keywords: Set(
            words: """
                begin break catch class continue data define do dynamicparam else elseif end enum exit filter
                finally for foreach from function hidden if in param process return static switch throw trap try
                until using var while workflow
                """),
        ignoresCase: true, nameBytes: "-",
        regions: [
            .blockComment("<#", "#>"), .lineComment("#"),
            Region(
                open: "@\"", end: .delimiter("\"@"), kind: .string,
                interpolation: Interpolation(open: "$(", close: UInt8(ascii: ")")), variables: true),
            .multiline("@'", "'@", escapes: false),
            Region(
                open: "\"", end: .delimiter("\""), kind: .string, doubledEndIsText: true,
                interpolation: Interpolation(open: "$(", close: UInt8(ascii: ")")), variables: true),
            Region(open: "'", end: .delimiter("'"), kind: .string, doubledEndIsText: true),
        ],
        sigils: [.variable(), Sigil(byte: UInt8(ascii: "-"), kind: .attribute)])
}
