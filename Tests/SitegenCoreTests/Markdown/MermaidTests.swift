import Testing

@testable import SitegenCore

@Suite("Mermaid diagrams") struct MermaidTests {
    private let diagram = "Before.\n\n```mermaid\ngraph TD\n  A[Plan] --> B{Done?}\n  B -->|no| A\n```\n"

    @Test func withAScriptADiagramIsItsSourceInAPreAndThePageLoadsTheScript() {
        let script = "https://cdn.example.org/mermaid.esm.min.mjs"
        let rendered = MarkdownRenderer(mermaidScript: script).render(diagram)
        #expect(
            rendered.html
                == "<p>Before.</p>\n<pre class=\"mermaid\">graph TD\n  A[Plan] --&gt; B{Done?}\n  B --&gt;|no| A\n</pre>\n"
                + MermaidDiagrams.loader(script) + "\n")
        #expect(MermaidDiagrams.loader(script).hasPrefix("<script type=\"module\">import mermaid from \"\(script)\";"))
        #expect(rendered.mermaidBlocks.isEmpty)
    }

    @Test func thePageLoadsTheScriptOnceHoweverManyDiagramsItHas() {
        let html = MarkdownRenderer(mermaidScript: "/m.mjs").html(from: diagram + "\n```Mermaid\npie\n```\n")
        #expect(html.components(separatedBy: "<pre class=\"mermaid\">").count == 3)
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(html.hasSuffix("</script>\n"))
    }

    @Test func aPageWithoutADiagramLoadsNothing() {
        let html = MarkdownRenderer(mermaidScript: "/m.mjs").html(from: "```swift\nlet mermaid = 1\n```\n")
        #expect(!html.contains("<script") && !html.contains("class=\"mermaid\""))
    }

    @Test func withoutAScriptADiagramIsACodeBlockAndItsPlaceIsNoted() {
        let rendered = MarkdownRenderer().render(diagram + "\n- item\n\n  ```mermaid\n  pie\n  ```\n")
        #expect(rendered.html.contains("<pre tabindex=\"0\"><code class=\"language-mermaid\">graph TD\n"))
        #expect(!rendered.html.contains("<script") && !rendered.html.contains("class=\"mermaid\""))
        #expect(rendered.mermaidBlocks.map(\.line) == [3, 11])
    }

    @Test func theWarningIsSaidOnceAtTheFirstFileWithADiagram() {
        let other = Diagnostic(.warning, at: SourceLocation(path: "content/a.md", line: 1, column: 1), "other")
        let places = ["content/posts/z.md", "content/posts/b.md", "content/c.md"].map {
            Diagnostic(.warning, at: SourceLocation(path: $0, line: 4, column: 1), MermaidDiagrams.settingMissing)
        }
        let said = MermaidDiagrams.sayingOnce([other] + places)
        #expect(said.count == 2)
        #expect(said[0] == other)
        #expect(said[1].location == SourceLocation(path: "content/c.md", line: 4, column: 1))
        #expect(said[1].message == MermaidDiagrams.settingMissing + " (3 files have diagrams; this is the first)")
        #expect(MermaidDiagrams.sayingOnce([places[0]]) == [places[0]])
    }
}
