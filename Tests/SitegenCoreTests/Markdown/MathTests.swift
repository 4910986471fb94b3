import Foundation
import Testing

@testable import SitegenCore

/// `$…$`, `$$…$$` and ```` ```math ```` blocks as MathML, through KaTeX (`make deps` installs it).
@Suite("Math") struct MathTests {
    /// A renderer with math, keeping what it converts in a store of its own.
    private func renderer(store: String? = nil) -> (MarkdownRenderer, MathRenderer) {
        let math = MathRenderer(store: store)
        return (MarkdownRenderer(math: math), math)
    }

    private func html(_ markdown: String) -> String { renderer().0.html(from: markdown) }

    /// The TeX KaTeX was given, as it keeps it in the MathML's annotation.
    private func annotations(in html: String) -> [String] {
        html.components(separatedBy: "<annotation encoding=\"application/x-tex\">").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
    }

    @Test func inlineMathBecomesMathML() {
        let html = html("Energy is $E = mc^2$ here.\n")
        #expect(html.hasPrefix("<p>Energy is <math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics>"))
        #expect(html.contains("<msup><mi>c</mi><mn>2</mn></msup>"))
        #expect(html.hasSuffix("</math> here.</p>\n"))
    }

    @Test func doubleDollarsAreDisplayMath() {
        let html = html("Sum:\n\n$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$\n")
        #expect(html.contains("<p><math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(annotations(in: html) == ["\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}"])
    }

    @Test func aMathBlockIsDisplayMath() {
        let html = html("```math\nx_1 + x_2\n```\n")
        #expect(html.hasPrefix("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(annotations(in: html) == ["x_1 + x_2"])
        #expect(!html.contains("<pre"))
    }

    @Test func theTeXReachesTheConverterAsWritten() {
        let html = html(
            "Thin $a\\,b$, rows $\\begin{matrix} a \\\\ b \\end{matrix}$, $x_1 * y_2 * z_3$ and $a_{b}c_{d}$.\n")
        #expect(
            annotations(in: html) == [
                "a\\,b", "\\begin{matrix} a \\\\ b \\end{matrix}", "x_1 * y_2 * z_3", "a_{b}c_{d}",
            ])
        #expect(!html.contains("<em>"))
    }

    @Test func mathOverSeveralLinesInAQuoteKeepsItsLinesWithoutTheMarkers() {
        let html = html("> $$\n> \\begin{aligned} a &= b \\\\\n> c &= d \\end{aligned}\n> $$\n")
        #expect(annotations(in: html) == ["\\begin{aligned} a &amp;= b \\\\\nc &amp;= d \\end{aligned}"])
        #expect(html.hasPrefix("<blockquote>\n<p><math"))
        #expect(!html.contains("<br"))
    }

    @Test func textAroundMathKeepsItsMarkdown() {
        let html = html("*before* $x$ **after** and $y$\n")
        #expect(html.hasPrefix("<p><em>before</em> <math"))
        #expect(html.contains("</math> <strong>after</strong> and <math"))
    }

    @Test func summariesAndHeadingsReadTheTeX() {
        let rendered = renderer().0.render("## Bound $O(n)$\n\nIt takes $n_1$ steps.\n", summaryLength: 200)
        #expect(rendered.summary == "It takes n_1 steps.")
        #expect(rendered.headings.map(\.text) == ["Bound O(n)"])
    }

    @Test func dollarsThatAreNotMathStayText() {
        let (renderer, math) = renderer()
        #expect(renderer.html(from: "It costs $5 and $10.\n") == "<p>It costs $5 and $10.</p>\n")
        #expect(renderer.html(from: "Escaped \\$x\\$ and \\$y$.\n") == "<p>Escaped $x$ and $y$.</p>\n")
        #expect(
            renderer.html(from: "Code `$x$` and\n\n```\n$y$\n```\n")
                == "<p>Code <code>$x$</code> and</p>\n<pre tabindex=\"0\"><code>$y$\n</code></pre>\n")
        #expect(renderer.html(from: "A $ lone and $ spaced $\n") == "<p>A $ lone and $ spaced $</p>\n")
        #expect(renderer.html(from: "Not $a\n$ and $$ either\n") == "<p>Not $a\n$ and $$ either</p>\n")
        #expect(renderer.html(from: "[link]($x$) text\n") == "<p><a href=\"$x$\">link</a> text</p>\n")
        #expect(math.conversions == 0)
    }

    @Test func anExpressionTheConverterRejectsIsShownAsItsSourceAndPlaced() {
        let rendered = renderer().0.render("Fine $x$.\n\nBroken: $\\frac{a$ and $\\nosuch$.\n")
        #expect(
            rendered.html.contains(
                "Broken: <code class=\"math-error\">$\\frac{a$</code> and <code class=\"math-error\">$\\nosuch$</code>."
            ))
        let problems = rendered.mathProblems.map { "\($0.line):\($0.column): \($0.message)" }
        #expect(
            problems == [
                "3:9: this math cannot be shown: Unexpected end of input in a macro argument, expected '}'",
                "3:23: this math cannot be shown: Undefined control sequence: \\nosuch",
            ])
    }

    @Test func aRejectedMathBlockIsShownAsItsSource() {
        let rendered = renderer().0.render("Text\n\n```math\n\\frac{a\n```\n")
        #expect(rendered.html == "<p>Text</p>\n<pre class=\"math-error\"><code>\\frac{a</code></pre>\n")
        #expect(rendered.mathProblems.map { "\($0.line):\($0.column)" } == ["4:1"])
    }

    @Test func withoutAConverterMathIsItsSourceAndOneProblem() {
        let math = MathRenderer(store: nil) { () throws(MathConverter.Unavailable) in throw MathConverter.missing }
        let rendered = MarkdownRenderer(math: math).render("A $x$ and $y$.\n")
        #expect(
            rendered.html
                == "<p>A <code class=\"math-error\">$x$</code> and <code class=\"math-error\">$y$</code>.</p>\n")
        #expect(rendered.mathProblems.map(\.message) == [MathConverter.missing.message])
        #expect(rendered.mathProblems.map(\.unavailable) == [true])
    }

    @Test func aStoredExpressionIsNotConvertedAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("math-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.path + "/math"
        let text = "A $x^2$, $x^2$ again, and\n\n$$\ny_1\n$$\n"
        let (first, firstMath) = renderer(store: store)
        let html = first.html(from: text)
        #expect(firstMath.conversions == 2)
        #expect(first.html(from: text) == html)
        #expect(firstMath.conversions == 2)
        firstMath.save()
        // A later build: a new renderer reading the store.
        let (second, secondMath) = renderer(store: store)
        #expect(second.html(from: text) == html)
        #expect(second.html(from: text + "\nAnd $z$.\n").contains("<mi>z</mi>"))
        #expect(secondMath.conversions == 1)
    }

    @Test func anyTextLeavesNoPlaceholderBehind() {
        // Without a converter every expression is shown as its source: what is checked is where math is found.
        let math = MathRenderer(store: nil) { () throws(MathConverter.Unavailable) in throw MathConverter.missing }
        let renderer = MarkdownRenderer(math: math)
        let pieces = [
            "$", "$$", "\\", "\\$", "x", " ", "\n", "\n\n", "> ", "- ", "*", "_", "`", "[a](", ")", "|", "1", "#",
        ]
        var state: UInt64 = 7
        var withMath = 0
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<24 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            let html = renderer.html(from: text)
            if html.contains("math-error") { withMath += 1 }
            #expect(
                !html.unicodeScalars.contains { $0.value == 0x02 || $0.value == 0x03 || $0.value == 0x1A }, "\(text)")
        }
        #expect(withMath > 200)
    }
}
