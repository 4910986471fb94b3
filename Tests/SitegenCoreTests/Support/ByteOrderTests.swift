import Testing

@testable import SitegenCore

/// `precedesByBytes` orders texts as their UTF-8 bytes order, whatever their lengths.
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
}
