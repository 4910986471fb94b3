import Testing

@testable import SitegenCore

@Suite struct YAMLParserTests {
    @Test func marksGiveLineColumnAndByteOffsetOfEachValue() throws {
        let text = "name: 대방어\nprice: 33000\n"
        let root = try #require(try YAMLParser().parse(text))
        let price = try #require(root["price"])
        #expect(price.start.line == 2 && price.start.column == 8)
        let name = try #require(root["name"])
        // 대방어 is 3 characters but 9 bytes: the end offset counts bytes.
        #expect(name.start.offset == 6 && name.end.offset == 15)
        #expect(Array(Array(text.utf8)[price.start.offset..<price.end.offset]) == Array("33000".utf8))
    }

    @Test func crlfLineEndingsKeepByteOffsetsExact() throws {
        let text = "a: 1\r\nb: two\r\n"
        let b = try #require(try YAMLParser().parse(text)?["b"])
        #expect(Array(Array(text.utf8)[b.start.offset..<b.end.offset]) == Array("two".utf8))
        #expect(b.start.line == 2)
    }

    @Test func plainScalarsResolveByTheCoreSchema() throws {
        let root = try #require(try YAMLParser().parse("i: 42\nd: 1.5\nt: true\nn: ~\ns: hello\nyes: no\nq: \"42\"\n"))
        #expect(root["i"]?.scalarValue == .int(42))
        #expect(root["d"]?.scalarValue == .double(1.5))
        #expect(root["t"]?.scalarValue == .bool(true))
        #expect(root["n"]?.scalarValue == .null)
        #expect(root["s"]?.scalarValue == .string("hello"))
        #expect(root["yes"]?.scalarValue == .string("no"))
        #expect(root["q"]?.scalarValue == .string("42"))
    }

    @Test func syntaxErrorCarriesLibyamlsOneBasedPlace() {
        #expect(
            throws: YAMLError(
                line: 2, column: 1, message: "did not find expected ',' or ']' (while parsing a flow sequence)")
        ) {
            try YAMLParser().parse("a: [1, 2\n")
        }
    }

    @Test func aliasBombIsRefusedBeforeItExpands() throws {
        var text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for (index, name) in "bcdefghij".enumerated() {
            let previous = index == 0 ? "a" : String(Array("bcdefghij")[index - 1])
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(throws: YAMLError.self) { try YAMLParser().parse(text) }
    }

    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        do {
            _ = try YAMLParser().parse(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "nesting is deeper than 64 levels")
        }
    }

    @Test func aliasesWithinLimitsAreExpanded() throws {
        let root = try #require(try YAMLParser().parse("base: &b {x: 1}\ncopy: *b\n"))
        #expect(root["copy"]?["x"]?.scalarValue == .int(1))
    }

    @Test func emptyTextHasNoDocument() throws {
        #expect(try YAMLParser().parse("# only a comment\n") == nil)
    }
}
