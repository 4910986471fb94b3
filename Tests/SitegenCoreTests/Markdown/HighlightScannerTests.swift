import Testing

@testable import SitegenCore

/// The promises `HighlightScanner` keeps for every highlighter built on it.
@Suite("Code highlighting: scanner") struct HighlightScannerTests {
    @Test func neighbouringRunsOfOneKindShareOneSpan() {
        var scanner = HighlightScanner("abcd")
        scanner.emit(.string, count: 1)
        scanner.emit(.string, count: 2)
        scanner.emit(nil, count: 1)
        #expect(scanner.finish() == "<span class=\"hl-string\">abc</span>d")
    }

    @Test func aRunEndingInsideACharacterTakesTheWholeCharacter() {
        var scanner = HighlightScanner("é1")  // Two bytes, then one.
        scanner.emit(.keyword, count: 1)
        #expect(scanner.position == 2)
        scanner.emit(.number, count: 1)
        #expect(scanner.finish() == "<span class=\"hl-keyword\">é</span><span class=\"hl-number\">1</span>")
    }

    @Test func aRunEndingAtOrBeforeTheCursorWritesNothing() {
        var scanner = HighlightScanner("ab")
        scanner.emit(.string, count: 1)
        scanner.emit(.comment, upTo: 1)
        scanner.emit(.comment, upTo: 0)
        #expect(scanner.finish() == "<span class=\"hl-string\">a</span>b")
    }

    @Test func finishingWritesWhatIsLeftAsPlainText() {
        var scanner = HighlightScanner("a<b")
        scanner.emit(.tag, count: 1)
        #expect(scanner.finish() == "<span class=\"hl-tag\">a</span>&lt;b")
    }

    @Test func ampersandsAnglesAndDoubleQuotesAreEscapedAndNothingElse() {
        var scanner = HighlightScanner("&<>\"'\u{0}\r\n")
        #expect(scanner.finish() == "&amp;&lt;&gt;&quot;'\u{0}\r\n")
    }

    @Test func aNumberTakesItsExponentsSignButNotARange() {
        let scanner = HighlightScanner("1.5e-3 0x1p+4 1...2 1e+")
        #expect(scanner.text(0..<scanner.numberEnd(from: 0)) == "1.5e-3")
        #expect(scanner.text(7..<scanner.numberEnd(from: 7)) == "0x1p+4")
        #expect(scanner.text(14..<scanner.numberEnd(from: 14)) == "1")
        #expect(scanner.text(20..<scanner.numberEnd(from: 20)) == "1e")
    }
}
