import Testing

@testable import SitegenCore

/// JSON data files through Foundation's parser: values as templates see them, errors at line:column.
@Suite struct JSONDataTests {
    private static func problem(_ text: String) -> String {
        do {
            _ = try JSONData.value(of: Array(text.utf8))
            return "none"
        } catch {
            return "\(error.line ?? 0):\(error.column ?? 0): \(error.message)"
        }
    }

    @Test func objectsListsAndScalarsBecomeTemplateValues() throws {
        let value = try JSONData.value(of: Array(#"{"a": [1, 2.5, true, false, null, "x"], "b": {"c": "d"}}"#.utf8))
        #expect(value == ["a": [1, 2.5, true, false, nil, "x"], "b": ["c": "d"]])
    }

    @Test func aByteOrderMarkIsDropped() throws {
        #expect(try JSONData.value(of: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)) == ["a": 1])
    }

    @Test func aSyntaxErrorIsLocatedAtItsLineAndColumn() {
        #expect(Self.problem("{\n  \"a\": 1,\n  \"b\" 2\n}") == "3:7: invalid JSON: invalid value")
        #expect(Self.problem("{\"é\": 1 2}") == "1:9: invalid JSON: invalid value")
    }

    @Test func anUnexpectedEndIsLocatedAtTheEnd() {
        #expect(Self.problem("[1,\n 2") == "2:3: invalid JSON: unexpected end of file during JSON parse")
        #expect(Self.problem("") == "1:1: invalid JSON: unexpected end of file during JSON parse")
    }
}
