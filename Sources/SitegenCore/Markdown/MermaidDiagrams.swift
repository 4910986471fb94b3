/// ```` ```mermaid ```` blocks as GitHub shows them, drawn in the browser by
/// mermaid. With `mermaid: {script: URL}` in `site.yml` (the renderer's
/// `mermaidScript`) each is published as its source, escaped, in
/// `<pre class="mermaid">`, and a body that has one ends with the module
/// script that loads mermaid from that URL and draws them (in its dark theme
/// when the reader's system is dark): only pages with a diagram load it.
/// Without the setting they stay code blocks, and their places are noted for
/// a warning saying how to turn diagrams on.
enum MermaidDiagrams {
    static func apply(to document: MarkdownNode, context: inout MarkdownContext) {
        var drawn = false
        for block in document.descendants where block.kind == .codeBlock && isMermaid(block.fenceInfo) {
            guard context.renderer.mermaidScript != nil else {
                context.mermaidBlocks.append(block.start)
                continue
            }
            block.replace(
                with: .raw(.customBlock, enter: "<pre class=\"mermaid\">\(HTMLText.escaped(block.literal ?? ""))</pre>")
            )
            drawn = true
        }
        guard drawn, let script = context.renderer.mermaidScript else { return }
        document.append(.raw(.customBlock, enter: loader(script)))
    }

    /// Whether a fence's info string names mermaid (its first word, in any case).
    static func isMermaid(_ info: String) -> Bool {
        info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first?.lowercased() == "mermaid"
    }

    /// The module script that draws a page's diagrams; `script` is a URL `SiteSettings` checked to hold no
    /// quote, `<` or white space.
    static func loader(_ script: String) -> String {
        "<script type=\"module\">import mermaid from \"\(script)\";"
            + " mermaid.initialize({startOnLoad: false, theme: matchMedia(\"(prefers-color-scheme: dark)\").matches"
            + " ? \"dark\" : \"default\"}); await mermaid.run({querySelector: \"pre.mermaid\"});</script>"
    }
}

extension MermaidDiagrams {
    /// The warning at a file's first diagram shown as code.
    static let settingMissing =
        "```mermaid diagrams are shown as code; to draw them, set mermaid: {script: URL} in site.yml to the URL of "
        + "mermaid's ES module, e.g. mermaid: {script: https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs}"

    /// The warnings of a build with `settingMissing` said once, at the first place (by path) with a diagram,
    /// saying how many files have one: it is one thing to do, however many files it is about.
    static func sayingOnce(_ warnings: [Diagnostic]) -> [Diagnostic] {
        let places = warnings.filter { $0.message == settingMissing }
        guard let first = places.min() else { return warnings }
        var kept = warnings.filter { $0.message != settingMissing }
        var once = first
        if places.count > 1 { once.message += " (\(places.count) files have diagrams; this is the first)" }
        kept.append(once)
        return kept.sorted()
    }
}
