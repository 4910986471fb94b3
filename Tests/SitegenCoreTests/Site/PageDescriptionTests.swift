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
}
