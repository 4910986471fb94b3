extension SiteSettings {
    /// `mermaid: {script: URL}`: where the pages that draw diagrams load mermaid's ES module from, an
    /// `http(s)://` URL or a path from the site's root (`/js/mermaid.esm.min.mjs`, put under the base
    /// URL's path); `nil` without the setting, or when it is wrong (reported at its place).
    static func readMermaid(_ fields: inout FieldReader) -> String? {
        guard let node = fields.node("mermaid") else { return nil }
        let example = "{script: https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.esm.min.mjs}"
        guard let pairs = node.pairs else {
            fields.report("mermaid must be a mapping like \(example), found \(node.kindName)", at: node)
            return nil
        }
        var script: String?
        var unknown = false
        for pair in pairs {
            guard pair.key.scalarText == "script" else {
                fields.report("mermaid has no setting \(FieldReader.quoted(pair.key)); it has script", at: pair.key)
                unknown = true
                continue
            }
            guard let url = pair.value.scalarText, isScriptURL(url) else {
                fields.report(
                    "mermaid.script must be an http:// or https:// URL or a path from the site's root (starting "
                        + "with /) of mermaid's ES module, got \(FieldReader.quoted(pair.value))", at: pair.value)
                continue
            }
            script = url
        }
        if !unknown, !pairs.contains(where: { $0.key.scalarText == "script" }) {
            fields.report("mermaid needs script, the URL of mermaid's ES module, like \(example)", at: node)
        }
        return script
    }

    /// Whether a script's URL is one a page can name as it is: absolute with a host, or from the site's
    /// root; no white space, quotes, `<`, `>` or `\`, which could end the script it is written in.
    private static func isScriptURL(_ url: String) -> Bool {
        guard !url.contains(where: { $0.isWhitespace || "\"'<>\\`".contains($0) }) else { return false }
        for scheme in ["https://", "http://"] where url.hasPrefix(scheme) {
            return url.count > scheme.count && !url.dropFirst(scheme.count).hasPrefix("/")
        }
        return url.hasPrefix("/") && !url.hasPrefix("//")
    }

    /// The URL pages load mermaid from: `mermaid.script`, a path from the site's root put under the base URL's path.
    var mermaidScriptURL: String? {
        guard let script = mermaidScript else { return nil }
        return script.hasPrefix("/") ? rootPath + script.dropFirst() : script
    }
}
