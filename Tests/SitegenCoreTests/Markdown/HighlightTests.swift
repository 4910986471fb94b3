import TestTimeLimits
import Testing

@testable import SitegenCore

/// What every highlighter promises, whatever the language: names, escaping, every
/// byte kept, and quick, flat work on any input.
@Suite("Code highlighting", .timeLimit(.minutes(TimeLimits.minutes(2)))) struct HighlightTests {
    /// One name of each language, for checks that run through all of them.
    static let languages = [
        "rust", "go", "c", "cpp", "java", "kotlin", "swift", "objc", "csharp", "python", "ruby", "php", "js", "ts",
        "jsx", "tsx", "html", "css", "scss", "json", "yaml", "toml", "ini", "sql", "sh", "console", "powershell",
        "dockerfile", "makefile", "diff", "markdown", "xml", "lua", "haskell", "scala", "elixir", "dart", "r",
    ]

    /// One language of each grammar and of each kind of definition, for the checks that cost the most.
    static let costlyLanguages = [
        "swift", "sh", "json", "yaml", "html", "css", "js", "python", "rust", "console",
    ]

    @Test func anUnknownLanguageIsLeftToTheCaller() {
        #expect(CodeHighlighter.html("x = 1", language: "cobol") == nil)
        #expect(CodeHighlighter.html("x = 1", language: "") == nil)
        #expect(CodeHighlighter.html("x = 1", language: "language-x") == nil)
    }

    @Test func languageNamesAreTrimmedAndMatchedIgnoringCase() {
        let plain = CodeHighlighter.html("let a = 1", language: "swift")
        #expect(plain != nil)
        #expect(CodeHighlighter.html("let a = 1", language: "  Swift\n") == plain)
        #expect(CodeHighlighter.html("let a = 1", language: "SWIFT") == plain)
    }

    @Test func aliasesNameTheSameHighlighter() {
        let groups = [
            ["sh", "bash", "shell", "zsh"], ["yaml", "yml"], ["html", "xml", "svg"],
            ["javascript", "js", "mjs", "cjs"], ["python", "py"], ["rust", "rs"], ["go", "golang"],
            ["cpp", "c++"], ["kotlin", "kt"], ["csharp", "cs", "c#"], ["ruby", "rb"], ["powershell", "ps1"],
            ["typescript", "ts"], ["markdown", "md"], ["haskell", "hs"], ["elixir", "ex", "exs"],
            ["objective-c", "objc"], ["diff", "patch"], ["dockerfile", "docker"], ["makefile", "make"],
            ["console", "shell-session"], ["ini", "cfg"],
        ]
        let sample = "<a b=\"c\"> # d: 'e' $f {g} // h\n"
        for group in groups {
            let outputs = Set(group.map { CodeHighlighter.html(sample, language: $0) })
            #expect(outputs.count == 1, "\(group)")
            #expect(outputs.first! != nil, "\(group)")
        }
    }

    @Test func languagesListsEveryNameAndAlias() {
        let required: Set<String> = [
            "rust", "rs", "go", "golang", "c", "cpp", "c++", "java", "kotlin", "kt", "swift", "objective-c", "objc",
            "csharp", "cs", "python", "py", "ruby", "rb", "php", "javascript", "js", "typescript", "ts", "jsx", "tsx",
            "html", "css", "scss", "json", "yaml", "yml", "toml", "ini", "sql", "sh", "bash", "zsh", "shell",
            "console", "powershell", "ps1", "dockerfile", "makefile", "diff", "patch", "markdown", "md", "xml", "lua",
            "haskell", "hs", "scala", "elixir", "ex", "exs", "dart", "r",
        ]
        #expect(required.subtracting(CodeHighlighter.languages).isEmpty)
        for name in CodeHighlighter.languages {
            #expect(CodeHighlighter.html("x", language: name) != nil)
        }
    }

    @Test func textIsEscapedInsideAndOutsideSpans() {
        #expect(
            CodeHighlighter.html("a < b && c > \"d\"", language: "js")
                == "a &lt; b &amp;&amp; c &gt; <span class=\"hl-string\">&quot;d&quot;</span>")
        #expect(CodeHighlighter.html("x", language: "js") == "x")
    }

    @Test func neighbouringRunsOfOneKindShareASpan() {
        // Opening quote, text, escape and closing quote are one string span.
        #expect(
            CodeHighlighter.html(#""a\"b""#, language: "swift")
                == #"<span class="hl-string">&quot;a\&quot;b&quot;</span>"#)
    }

    @Test(arguments: languages) func emptyCodeIsEmptyHTML(language: String) {
        #expect(CodeHighlighter.html("", language: language) == "")
    }

    /// Control characters, a NUL, a byte order mark, combining marks and characters
    /// outside the BMP all come back as they were, and no span cuts a character.
    @Test(arguments: languages) func everyByteOfUnusualTextIsKept(language: String) {
        let code = "\u{FEFF}a\u{0}b\u{1}\r\n\"é\u{301}\" '한국어' 🎉 #\u{7F} \u{200B}x\t\u{0C}\n"
        _ = highlighted(code, language)
    }

    /// Seeded random mixes of every language's delimiters and unusual characters:
    /// the HTML always keeps its promises and its text is the input.
    @Test(arguments: languages) func randomInputKeepsEveryByte(language: String) {
        var random = SplitMix64(seed: 0x5EED_0014)
        for _ in 0..<300 {
            let code = Self.randomCode(using: &random)
            let runs = highlighted(code, language)
            if !runs.problems.isEmpty || runs.text != Array(code.utf8) {
                Issue.record("failing input: \(String(reflecting: code))")
                return
            }
        }
    }

    static let fragments: [String] = [
        "\"", "'", "`", "\"\"\"", "'''", "#", "#\"", "\"#", "\\", "\\(", "\\#(", "(", ")", "{", "}", "${", "$(",
        "$", "[", "]", "/*", "*/", "//", "/", "<!--", "-->", "<", ">", "</", "&", "&amp;", "&#x1F;", ";", ":",
        ": ", "- ", "|", "|-\n", "=", ",", "\n", "\r\n", " ", "\t", "    ", "@", "f\"", "rb'", "<<EOF\n", "EOF\n",
        "let", "if", "def", "fi", "in", "for", "key", "Name", "0x1F", "12.5e-3", "-7", "é", "\u{301}", "한국어",
        "🎉", "\u{0}", "\u{FEFF}", "<script>", "</script>", "<a href=", "url(", "!important", "*", "?", "%",
        "---\n", "@media", ".x", "#id", "a:hover", "--v", "!tag", "&anchor", "{{", "}}", "--", "{-", "-}", "#{",
        "r#\"", "\"#", "@\"", "$\"", "+", "-", "@@", "<#", "#>", "[[", "]]", "'a'", "'\\n'", "=begin\n", "=end\n",
        "```", "$ ", "\n$ ", "\n+", "\n-", "\n[", "= ", "<?php", "?>", "fn", "x!", "::", ":a", "@x", "$x", "--[[",
    ]

    static func randomCode(using random: inout SplitMix64) -> String {
        var code = ""
        for _ in 0..<Int.random(in: 0...120, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                // Any scalar, surrogates aside.
                let value = UInt32.random(in: 0...0x10FFFF, using: &random)
                code.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            case 1:
                // Random bytes, read as UTF-8 the way a file's bytes would be.
                let bytes = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
                code += String(decoding: bytes, as: UTF8.self)
            default:
                code += fragments.randomElement(using: &random)!
            }
        }
        return code
    }

    /// Input that nests without end, for each language, 100,000 levels deep.
    static let deepNesting: [(language: String, code: String)] = [
        ("swift", String(repeating: "\"\\(", count: 100_000)),
        ("swift", String(repeating: "#\"\\#(", count: 100_000)),
        ("swift", String(repeating: "/*", count: 100_000)),
        ("js", String(repeating: "`${", count: 100_000)),
        ("sh", String(repeating: "\"$(", count: 100_000)),
        ("sh", String(repeating: "${", count: 100_000)),
        ("python", String(repeating: "f\"{", count: 100_000)),
        ("json", String(repeating: "[{\"a\":", count: 100_000)),
        ("yaml", String(repeating: "[{a: ", count: 100_000)),
        ("html", String(repeating: "<a b=", count: 100_000)),
        ("css", String(repeating: "a{b:", count: 100_000)),
        ("rust", String(repeating: "/*", count: 100_000)),
        ("kotlin", String(repeating: "\"${", count: 100_000)),
        ("console", String(repeating: "$ \"$(\n", count: 100_000)),
    ]

    /// Deep nesting costs no stack (the highlighters keep explicit stacks) and no more
    /// than a few passes over the input.
    @Test(arguments: 0..<deepNesting.count) func deepNestingFinishesQuickly(case index: Int) {
        let (language, code) = Self.deepNesting[index]
        let duration = ContinuousClock().measure { _ = highlighted(code, language) }
        #expect(duration < TimeLimits.duration(.seconds(20)), "\(language): \(duration)")
    }

    /// A one-megabyte line of every language's tokens, with none of them closed on it.
    @Test(arguments: costlyLanguages) func aOneMegabyteLineFinishesQuickly(language: String) {
        let piece = "a = \"b\" + 'c' ${d} $(e) {f: 1.5, \"g\": [h]} <i j=\"k\"> /* l */ /m/ #n @o `p` \\(q) & "
        let code = String(repeating: piece, count: 1_000_000 / piece.utf8.count) + "\"/*`'\"\"\"<!--"
        let duration = ContinuousClock().measure { _ = highlighted(code, language) }
        #expect(duration < TimeLimits.duration(.seconds(20)), "\(language): \(duration)")
    }
}
