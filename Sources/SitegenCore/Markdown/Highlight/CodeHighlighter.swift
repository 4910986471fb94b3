import Foundation

/// Build-time syntax highlighting for fenced code blocks.
///
/// Each language has its own small highlighter over `HighlightScanner`; none of
/// them parses, they only tell tokens apart, and every one keeps each byte of the
/// code, so a block it misreads still shows exactly what was written.
public enum CodeHighlighter {
    /// Every language name `html(_:language:)` knows, aliases included, in lowercase.
    public static let languages: Set<String> = Set(languagesByName.keys)

    /// The code as HTML, each token in a `<span class="hl-…">` and all text escaped
    /// (`&`, `<`, `>`, `"`); nil when the language is not one of `languages`, so the
    /// caller shows the block plain. The name is trimmed and matched ignoring case.
    public static func html(_ code: String, language: String) -> String? {
        let name = language.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let language = languagesByName[name] else { return nil }
        switch language {
        case .swift: return SwiftHighlighter.html(code)
        case .shell: return ShellHighlighter.html(code)
        case .json: return JSONHighlighter.html(code)
        case .yaml: return YAMLHighlighter.html(code)
        case .html: return HTMLHighlighter.html(code)
        case .css: return CSSHighlighter.html(code)
        case .javaScript: return JavaScriptHighlighter.html(code)
        case .python: return PythonHighlighter.html(code)
        }
    }

    private enum Language {
        case swift, shell, json, yaml, html, css, javaScript, python
    }

    /// `console` is left out on purpose: a console session mixes commands with their
    /// output, and output highlighted as shell code reads worse than plain text.
    private static let languagesByName: [String: Language] = [
        "swift": .swift,
        "sh": .shell, "bash": .shell, "shell": .shell, "zsh": .shell,
        "json": .json,
        "yaml": .yaml, "yml": .yaml,
        "html": .html, "xml": .html, "svg": .html,
        "css": .css,
        "javascript": .javaScript, "js": .javaScript, "mjs": .javaScript, "cjs": .javaScript,
        "python": .python, "py": .python,
    ]
}
