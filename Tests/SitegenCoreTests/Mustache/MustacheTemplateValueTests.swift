import SitegenCore
import Testing

@Suite("Template values")
struct MustacheTemplateValueTests {
    @Test("whole numbers render without separators")
    func integers() throws {
        #expect(try renderMustache("{{views}} views", ["views": 33000]) == "33000 views")
        #expect(try renderMustache("{{delta}}", ["delta": -12]) == "-12")
    }

    @Test("decimals render in their shortest exact form")
    func decimals() throws {
        #expect(try renderMustache("{{rating}}", ["rating": 4.35]) == "4.35")
        #expect(try renderMustache("{{ratio}}", ["ratio": .double(0.1 * 3)]) == "0.30000000000000004")
    }

    @Test("whole-valued decimals render without a trailing .0")
    func integralDecimals() throws {
        #expect(try renderMustache("{{price}}", ["price": 1250.0]) == "1250")
        #expect(try renderMustache("{{zero}}", ["zero": .double(-0.0)]) == "0")
    }

    @Test("booleans render as true and false")
    func booleans() throws {
        #expect(try renderMustache("{{draft}}/{{published}}", ["draft": false, "published": true]) == "false/true")
    }

    @Test("null, lists and objects render as nothing")
    func nonScalars() throws {
        #expect(try renderMustache("[{{a}}{{b}}{{c}}]", ["a": nil, "b": [1, 2], "c": ["x": 1]]) == "[]")
    }

    @Test("null, false, the empty list and the empty string are falsey; all else is truthy")
    func truthiness() {
        let falsey: [TemplateValue] = [nil, false, [], ""]
        let truthy: [TemplateValue] = [true, 0, 0.0, " ", [nil], [:], ["k": false]]
        #expect(falsey.allSatisfy { !$0.isTruthy })
        #expect(truthy.allSatisfy { $0.isTruthy })
    }

    @Test("literals build the matching cases")
    func literals() {
        let value: TemplateValue = ["title": "Hello", "count": 2, "score": 0.5, "ok": true, "tags": ["a"], "none": nil]
        #expect(
            value
                == .object([
                    "title": .string("Hello"), "count": .int(2), "score": .double(0.5),
                    "ok": .bool(true), "tags": .list([.string("a")]), "none": .null,
                ]))
        #expect(value["title"]?.stringValue == "Hello")
        #expect(value["tags"]?.listValue == ["a"])
        #expect(value["missing"] == nil)
    }
}
