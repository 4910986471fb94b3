import Foundation

/// Build-time syntax highlighting for fenced code blocks.
///
/// Most languages are `LanguageDefinition`s, data read by one engine
/// (`TokenHighlighter`); four grammars whose structure is their own — shell
/// commands, YAML, markup (HTML, XML) and style sheets (CSS, SCSS) — have a
/// highlighter each. None of them parses, they only tell tokens apart, and every
/// one keeps each byte of the code, so a block it misreads still shows exactly
/// what was written. Each highlighted block is remembered by language and text
/// (`HighlightCache`), so a block met again — in another post, or on the
/// preview's next rebuild — is not highlighted again.
package enum CodeHighlighter {
    /// Every language name `html(_:language:)` knows, aliases included, in lowercase.
    package static let languages: Set<String> = Set(grammarsByName.keys)

    /// The code as HTML, each token in a `<span class="hl-…">` and all text escaped
    /// (`&`, `<`, `>`, `"`); nil when the language is not one of `languages`, so the
    /// caller shows the block plain. The name is trimmed and matched ignoring case.
    package static func html(_ code: String, language: String) -> String? {
        let name = language.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let (canonicalName, grammar) = grammarsByName[name] else { return nil }
        return HighlightCache.shared.html(language: canonicalName, code: code) {
            switch grammar {
            case .tokens(let language): TokenHighlighter.html(code, language: language)
            case .shell: ShellHighlighter.html(code)
            case .yaml: YAMLHighlighter.html(code)
            case .markup: HTMLHighlighter.html(code)
            case .styleSheet: CSSHighlighter.html(code)
            }
        }
    }

    enum Grammar: Sendable {
        case tokens(CompiledLanguage)
        case shell, yaml, markup, styleSheet
    }

    /// Each language: its names (the first is the one the cache files it under) and its grammar.
    private static let grammars: [(names: [String], grammar: Grammar)] = [
        (["c", "h"], .tokens(CompiledLanguage(.c))),
        (["cpp", "c++", "cxx", "cc", "hpp", "hxx", "hh"], .tokens(CompiledLanguage(.cpp))),
        (
            ["objective-c", "objc", "objectivec", "obj-c", "objective-c++", "objc++"],
            .tokens(CompiledLanguage(.objectiveC))
        ),
        (["csharp", "cs", "c#"], .tokens(CompiledLanguage(.csharp))),
        (["java"], .tokens(CompiledLanguage(.java))),
        (["kotlin", "kt", "kts"], .tokens(CompiledLanguage(.kotlin))),
        (["scala", "sc"], .tokens(CompiledLanguage(.scala))),
        (["dart"], .tokens(CompiledLanguage(.dart))),
        (["go", "golang"], .tokens(CompiledLanguage(.go))),
        (["rust", "rs"], .tokens(CompiledLanguage(.rust))),
        (["swift"], .tokens(CompiledLanguage(.swift))),
        (["javascript", "js", "mjs", "cjs", "node"], .tokens(CompiledLanguage(.javaScript))),
        (["typescript", "ts", "mts", "cts"], .tokens(CompiledLanguage(.typeScript))),
        (["jsx"], .tokens(CompiledLanguage(.jsx))),
        (["tsx"], .tokens(CompiledLanguage(.tsx))),
        (["python", "py", "python3", "py3", "pyi"], .tokens(CompiledLanguage(.python))),
        (["ruby", "rb", "gemspec", "podspec", "rake"], .tokens(CompiledLanguage(.ruby))),
        (["php"], .tokens(CompiledLanguage(.php))),
        (["lua"], .tokens(CompiledLanguage(.lua))),
        (["r"], .tokens(CompiledLanguage(.r))),
        (["elixir", "ex", "exs"], .tokens(CompiledLanguage(.elixir))),
        (["haskell", "hs"], .tokens(CompiledLanguage(.haskell))),
        (["powershell", "ps1", "psm1", "pwsh", "ps"], .tokens(CompiledLanguage(.powerShell))),
        (["json", "jsonc", "json5", "geojson"], .tokens(CompiledLanguage(.json))),
        (["toml"], .tokens(CompiledLanguage(.toml))),
        (["ini", "cfg", "conf", "dosini", "properties", "editorconfig", "gitconfig"], .tokens(CompiledLanguage(.ini))),
        (["sql", "mysql", "postgresql", "postgres", "pgsql", "sqlite", "plsql"], .tokens(CompiledLanguage(.sql))),
        (["diff", "patch", "udiff"], .tokens(CompiledLanguage(.diff))),
        (["console", "shell-session", "shellsession", "sh-session", "terminal"], .tokens(CompiledLanguage(.console))),
        (["makefile", "make", "mk", "mf"], .tokens(CompiledLanguage(.makefile))),
        (["dockerfile", "docker", "containerfile"], .tokens(CompiledLanguage(.dockerfile))),
        (["markdown", "md", "mkd", "mdown"], .tokens(CompiledLanguage(.markdown))),
        (["sh", "bash", "shell", "zsh", "ksh"], .shell),
        (["yaml", "yml"], .yaml),
        (["html", "htm", "xhtml", "xml", "svg", "xsl", "xslt", "plist", "vue"], .markup),
        (["css", "scss", "less"], .styleSheet),
    ]

    private static let grammarsByName: [String: (String, Grammar)] = {
        var byName: [String: (String, Grammar)] = [:]
        for (names, grammar) in grammars {
            for name in names { byName[name] = (names[0], grammar) }
        }
        return byName
    }()
}
