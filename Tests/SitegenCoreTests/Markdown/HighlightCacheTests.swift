import Synchronization
import Testing

@testable import SitegenCore

@Suite("Code highlighting: cache") struct HighlightCacheTests {
    @Test func aBlockMetAgainIsLookedUpNotHighlightedAgain() {
        let cache = HighlightCache(capacity: 1 << 20)
        let calls = Mutex(0)
        func highlight(_ language: String, _ code: String) -> String {
            cache.html(language: language, code: code) {
                calls.withLock { $0 += 1 }
                return "<\(code)>"
            }
        }
        #expect(highlight("rust", "fn a() {}") == "<fn a() {}>")
        #expect(highlight("rust", "fn a() {}") == "<fn a() {}>")
        #expect(calls.withLock { $0 } == 1)
        // Another language or another text is another block.
        _ = highlight("go", "fn a() {}")
        _ = highlight("rust", "fn b() {}")
        #expect(calls.withLock { $0 } == 3)
        #expect(cache.count == 3)
    }

    @Test func pastItsCapacityTheCacheStartsOverEmpty() {
        let cache = HighlightCache(capacity: 100)
        _ = cache.html(language: "c", code: String(repeating: "a", count: 30)) { String(repeating: "b", count: 30) }
        #expect(cache.count == 1)
        _ = cache.html(language: "c", code: String(repeating: "c", count: 30)) { String(repeating: "d", count: 30) }
        #expect(cache.count == 1)
    }
}
