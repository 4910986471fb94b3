/// Code blocks as the theme shows them: focusable (`tabindex="0"`, so a
/// keyboard can scroll a wide one) and, when fenced with a language the
/// highlighter knows, highlighted at build time (`CodeHighlighter`); other
/// code stays plain and escaped.
enum CodeBlocks {
    static func apply(to document: MarkdownNode, highlight: Bool) {
        for block in document.descendants where block.kind == .codeBlock {
            let code = block.literal ?? ""
            let language =
                block.fenceInfo.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            let classAttribute = language.isEmpty ? "" : " class=\"language-\(HTMLText.escaped(language))\""
            let body =
                (highlight && !language.isEmpty ? CodeHighlighter.html(code, language: language) : nil)
                ?? HTMLText.escaped(code)
            block.replace(
                with: .raw(.customBlock, enter: "<pre tabindex=\"0\"><code\(classAttribute)>\(body)</code></pre>"))
        }
    }
}
