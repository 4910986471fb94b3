import Testing

@testable import SitegenCore

/// A description is cut by columns, a character at a time, whichever way its text is stored.
@Suite struct PageDescriptionTests {
    @Test func aShortTextIsKeptAsItIs() {
        #expect(PageDescription.cut("Short.") == "Short.")
        #expect(PageDescription.cut("Already cut…") == "Already cut…")
        #expect(PageDescription.cut("…") == "")
    }

    @Test func aLongTextIsCutAfterAWordNearTheLimit() {
        let text = String(repeating: "word ", count: 50)
        #expect(PageDescription.cut(text) == String(repeating: "word ", count: 32).dropLast() + "…")
    }

    /// Precomposed and decomposed letters (`é` and `e` with a combining accent, Hangul syllables and
    /// their jamo) are the same characters, so they are cut at the same character.
    @Test func composedAndDecomposedTextAreCutAlike() {
        let composed = String(repeating: "é", count: 200)
        let decomposed = String(repeating: "e\u{301}", count: 200)
        #expect(PageDescription.cut(composed).count == 161)
        #expect(PageDescription.cut(decomposed).count == 161)
        let hangul = String(repeating: "한", count: 100)
        let jamo = String(repeating: "\u{1112}\u{1161}\u{11AB}", count: 100)
        #expect(PageDescription.cut(hangul) == String(repeating: "한", count: 80) + "…")
        #expect(PageDescription.cut(jamo) == String(repeating: "\u{1112}\u{1161}\u{11AB}", count: 80) + "…")
    }

    /// Text of characters that stand alone is cut on its bytes, other text a character at a time:
    /// a text starting with `é` and the same text starting with `e` and a combining accent (equal
    /// strings) take one path each and must be cut alike, wherever the cut falls and whatever the
    /// text around it (words of several scripts, spaces of several kinds, line breaks, a closing `…`).
    @Test func bothWaysOfCuttingAgree() {
        let pieces = [
            "word", "description", " ", " ", "  ", "\n", "\t", "한국어", "문장이에요", "日本語", "です。", "“quoted”",
            "—", ",", ".", "Ünïcödé", "ｆｕｌｌ", "…", "a", "ㅎ", "\u{A0}", "\u{3000}", "\u{2029}", "😀", "é",
        ]
        var random = SplitMix64(seed: 48)
        for _ in 0..<2000 {
            var rest = ""
            for _ in 0..<Int.random(in: 0...120, using: &random) { rest += pieces.randomElement(using: &random)! }
            if Bool.random(using: &random) { rest += "…" }
            let limit = [160, 20, 7, 1].randomElement(using: &random)!
            let bytes = PageDescription.cut("é" + rest, limit: limit)
            let characters = PageDescription.cut("e\u{301}" + rest, limit: limit)
            #expect(bytes == characters, "\(rest.debugDescription) at \(limit)")
        }
    }
}
