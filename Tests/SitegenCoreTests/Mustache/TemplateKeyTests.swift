import SitegenCore
import Testing

@Suite("Template keys")
struct TemplateKeyTests {
    @Test("keys are equal exactly when their texts are, and a dictionary finds a key made at another time")
    func equalityFollowsTheText() {
        let texts = ["title", "Title", "title ", "", "제목", "제목s", "a.b", String(repeating: "x", count: 40)]
        var table: [TemplateKey: Int] = [:]
        for (index, text) in texts.enumerated() { table[TemplateKey(text)] = index }
        #expect(table.count == texts.count)
        for (index, text) in texts.enumerated() {
            #expect(table[TemplateKey(String(text))] == index)
            for other in texts where other != text { #expect(TemplateKey(text) != TemplateKey(other)) }
        }
        let literal: TemplateKey = "title"
        #expect(literal == TemplateKey("title") && literal.text == "title")
    }

    @Test("a dictionary of thousands of keys, grown and copied between sizes, finds every one")
    func manyKeys() {
        var table: [TemplateKey: Int] = [:]
        for number in 0..<5000 { table[TemplateKey("key_\(number)")] = number }
        let copied = Dictionary(uniqueKeysWithValues: table.filter { $0.value % 3 == 0 }.map { ($0.key, $0.value) })
        var found = 0
        var foundInCopy = 0
        for number in 0..<5000 {
            let key = TemplateKey("key_\(number)")
            if table[key] == number { found += 1 }
            if copied[key] == (number % 3 == 0 ? number : nil) { foundInCopy += 1 }
        }
        #expect(table.count == 5000 && found == 5000)
        #expect(copied.count == 1667 && foundInCopy == 5000)
    }

    @Test("keys sort as their texts do")
    func ordering() {
        #expect([TemplateKey("b"), "a", "c", "B"].sorted().map(\.text) == ["B", "a", "b", "c"])
    }
}
