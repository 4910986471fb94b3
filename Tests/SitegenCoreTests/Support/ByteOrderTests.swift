import Testing

@testable import SitegenCore

/// `precedesByBytes` orders texts as their UTF-8 bytes order, whatever their lengths;
/// `endsWithBytes` agrees with `hasSuffix` for the ASCII suffixes it is asked.
@Suite struct ByteOrderTests {
    private let texts = [
        "", "a", "b", "ab", "abcdefg", "abcdefgh", "abcdefghi", "abcdefgh0", "abcdefgha", "abcdefghabcdefgh",
        "abcdefghabcdefgg", "abcdefghabcdefghZ", "posts/00010-a/index.html", "posts/00010-b/index.html",
        "posts/00009-z/index.html", "tags/대방어/index.html", "tags/zz/index.html", "é", "e\u{301}", "\u{7F}", "\u{80}",
        "Z", "~",
    ]

    @Test func agreesWithTheBytesOrderForEveryPair() {
        for a in texts {
            for b in texts {
                #expect(a.precedesByBytes(b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) \(b)")
            }
        }
    }

    @Test func sortsPathsAsTheirBytes() {
        #expect(texts.sorted { $0.precedesByBytes($1) } == texts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test func sortByBytesOrdersAsTheBytesAndKeepsEqualTextsInTheirOrder() {
        let expected = texts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for shift in [0, 7, 13] {
            var shuffled = Array(texts[shift...] + texts[..<shift]).reversed().map { $0 }
            shuffled.sortByBytes(of: { $0 })
            #expect(shuffled == expected)
        }
        var pairs = [("b", 1), ("a", 2), ("b", 3), ("", 4), ("a", 5), ("b", 6)]
        pairs.sortByBytes(of: \.0)
        #expect(pairs.map(\.1) == [4, 2, 5, 1, 3, 6])
        var one = ["x"]
        one.sortByBytes(of: { $0 })
        #expect(one == ["x"])
    }

    @Test func endsWithBytesAgreesWithHasSuffixForASCIISuffixes() {
        let suffixes: [StaticString] = ["", ".html", ".md", "/index.md", "~", "h"]
        for text in texts + ["index.html", ".html", "posts/a/index.md", "대방어.md", "notes.md~", "x.swp"] {
            for suffix in suffixes {
                let written = suffix.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
                #expect(text.endsWithBytes(suffix) == text.hasSuffix(written), "\(text) \(written)")
            }
        }
    }
}

@Suite("Borrowed UTF-8")
struct BorrowedUTF8Tests {
    @Test("a string's UTF-8 is read in place, small or large, whole or taken out of a larger one")
    func readsTheBytes() {
        let large = String(repeating: "제목 title ", count: 40)
        let texts = ["", "a", "short text", "제목", large, String(large.dropFirst(3)), String(large.prefix(7))]
        for text in texts {
            #expect(text.withBorrowedUTF8 { Array($0) } == Array(text.utf8))
        }
    }
}
