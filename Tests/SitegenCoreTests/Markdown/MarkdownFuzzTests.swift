import Foundation
import TestTimeLimits
import Testing

@testable import SitegenCore

/// Markdown made at random (seeded, so a failure repeats) from the pieces the GitHub extensions read, and a
/// few documents made to be as hard as possible for them: every one renders, all of them in a few seconds,
/// and every `<table>`, `<del>`, `<section>` and `<sup>` the transforms open is closed, innermost first.
/// (Safe mode, so no raw HTML of the documents' own is in the output.)
@Suite("Markdown fuzz") struct MarkdownFuzzTests {
    /// Builds documents line by line, each line inside a few random containers.
    private struct Writer {
        var random: SplitMix64

        private mutating func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        private mutating func one(of choices: [String]) -> String { choices[number(0...choices.count - 1)] }

        /// What the inline transforms look at, and what confuses them.
        private static let pieces = [
            "~", "~~", "~~~", "~~gone~~", "~one~", " ", " ", "word", "대방어", "_", "*", "**", "`", "`a|b`", "`x\\|y`",
            "|", "\\|", "||", "(", ")", "))", "www.", "www.example.org", "www.a_b.c_d", "http://",
            "https://ex.org/p_(q)",
            "&amp;", "&x1;", ";", ".", ",", "?", "@", "kim@mail.example", "a.b-c@d.e-", "[^", "[^1]", "[^note]",
            "[^NOTE]",
            "[^loop]", "[^me]", "[^missing]", "]", "[", "[x]", "[ ]", "[link](/l)", "![img](/i.png)", "<b>", "</b>",
            "<!--more-->", "\\", "#", ":", "-", "---", ":-:",
        ]

        private mutating func inline() -> String {
            (0..<number(0...8)).map { _ in one(of: Self.pieces) }.joined()
        }

        /// A row of `count` cells, each one of `choices`, with or without outer pipes.
        private mutating func row(_ count: Int, of choices: [String]) -> String {
            let inner = (0..<count).map { _ in one(of: choices) }.joined(separator: one(of: ["|", " | ", "\\|", "||"]))
            return (number(0...3) == 0 ? "" : "| ") + inner + (number(0...3) == 0 ? "" : " |")
        }

        private mutating func line() -> String {
            switch number(0...11) {
            case 0: return row(number(1...5), of: ["a", "`|`", "~~b~~", "www.x.org", "[^1]", ""])
            case 1: return row(number(1...5), of: ["---", ":--", "--:", ":-:", "-", "- -", "::"])
            case 2: return "[^\(one(of: ["1", "note", "loop", "me", "Note"]))]: " + inline()
            case 3: return "    " + inline()
            case 4: return one(of: ["- [ ] ", "- [x] ", "* [X] ", "1. [ ] ", "- [] "]) + inline()
            case 5: return one(of: ["# ", "## ", "###### "]) + inline()
            case 6: return one(of: ["", "", "<!--more-->", "```", "~~~", "***"])
            default: return inline()
            }
        }

        private mutating func prefix() -> String {
            (0..<number(0...3)).map { _ in one(of: ["> ", "- ", "  ", "1. ", "    "]) }.joined()
        }

        mutating func document() -> String {
            (0..<number(1...30)).map { _ in prefix() + line() }.joined(separator: one(of: ["\n", "\n", "\r\n"])) + "\n"
        }
    }

    /// Documents built to be slow or deep: each is a case a naive transform takes quadratic time or stack on.
    private static let hardDocuments: [String] = [
        // A row of 10,000 columns.
        "|" + String(repeating: " c |", count: 10_000) + "\n|" + String(repeating: "---|", count: 10_000) + "\n|"
            + String(repeating: " ~~d~~ |", count: 10_000) + "\n",
        // Unbalanced pipes.
        String(repeating: "|", count: 5_000) + "\n" + String(repeating: "-|", count: 2_000) + "\n"
            + String(repeating: "\\|", count: 3_000),
        // Footnotes in a long cycle, each also referring to itself, defined line after line.
        (0..<300).map { "[^\($0)]" }.joined(separator: " ") + "\n\n"
            + (0..<300).map { "[^\($0)]: next[^\(($0 + 1) % 300)] me[^\($0)]" }.joined(separator: "\n") + "\n",
        // 500 quotes and 500 lists deep.
        String(repeating: "> ", count: 500) + "| a | b |\n" + String(repeating: "> ", count: 500) + "|---|---|\n",
        (0..<500).map { String(repeating: "  ", count: $0) + "- [ ] item[^1] ~~x~~ www.example.org" }.joined(
            separator: "\n")
            + "\n\n[^1]: deep\n",
        String(repeating: "- > ", count: 250) + "~~a~~ [^1]\n\n[^1]: n\n",
        // Long runs of what the transforms scan for.
        String(repeating: "~", count: 20_000),
        String(repeating: "~a ", count: 5_000) + String(repeating: "b~~ ", count: 5_000),
        String(repeating: "[^", count: 20_000) + "]",
        String(repeating: "www.", count: 10_000),
        "www.example.org/" + String(repeating: ")", count: 10_000),
        String(repeating: "@", count: 20_000),
        String(repeating: "a.b@", count: 5_000),
        String(repeating: "x ", count: 5_000) + String(repeating: "&a1", count: 5_000) + ";",
    ]

    /// 300 random documents (seed 14) and their HTML, rendered once for the tests below.
    private static let randomDocuments: [(markdown: String, html: String)] = {
        var writer = Writer(random: SplitMix64(seed: 14))
        let renderer = MarkdownRenderer()
        return (0..<300).map { _ in
            let markdown = writer.document()
            return (markdown, renderer.html(from: markdown))
        }
    }()

    @Test(.timeLimit(.minutes(TimeLimits.minutes(1)))) func randomDocumentsRenderWithEveryOpenedElementClosed() {
        for (index, document) in Self.randomDocuments.enumerated() {
            #expect(Self.closesWhatItOpens(document.html), "document \(index): \(document.markdown.debugDescription)")
        }
    }

    @Test(.timeLimit(.minutes(TimeLimits.minutes(1)))) func theRandomDocumentsHoldWhatEachExtensionMakes() {
        let html = Self.randomDocuments.map(\.html).joined()
        for element in [
            "<table>", "<del>", "<section class=\"footnotes\"", "<sup", "<input", "<a href=\"http://www.", "mailto:",
        ] {
            #expect(html.contains(element), "\(element)")
        }
    }

    @Test(.timeLimit(.minutes(TimeLimits.minutes(1)))) func hardDocumentsRenderQuicklyWithEveryOpenedElementClosed() {
        let renderer = MarkdownRenderer()
        let started = ContinuousClock.now
        for (index, document) in Self.hardDocuments.enumerated() {
            #expect(Self.closesWhatItOpens(renderer.html(from: document)), "hard document \(index)")
        }
        // Generous for a shared machine and a debug build: a transform gone quadratic takes minutes on these.
        #expect(ContinuousClock.now - started < TimeLimits.duration(.seconds(15)))
    }

    /// Whether every `<table>`, `<del>`, `<section>`, `<sup>` in the HTML is closed, innermost first.
    private static func closesWhatItOpens(_ html: String) -> Bool {
        let watched: Set<Substring> = ["table", "del", "section", "sup"]
        var open: [Substring] = []
        var rest = html[...]
        while let bracket = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: bracket)...]
            let closing = rest.first == "/"
            let name = rest.dropFirst(closing ? 1 : 0).prefix { $0.isASCII && $0.isLetter }
            let after = rest.dropFirst((closing ? 1 : 0) + name.count).first
            guard watched.contains(name), after == ">" || after == " " else { continue }
            if closing {
                guard open.popLast() == name else { return false }
            } else {
                open.append(name)
            }
        }
        return open.isEmpty
    }
}
