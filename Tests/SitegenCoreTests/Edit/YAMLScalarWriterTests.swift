import Testing

@testable import SitegenCore

@Suite struct YAMLScalarWriterTests {
    /// Parses `key: <yaml>` and returns what the value reads as.
    private func readBack(_ yaml: String) throws -> YAMLScalarValue? {
        try YAMLParser().parse("key: \(yaml)\n")?["key"]?.scalarValue
    }

    @Test func ordinaryTextStaysPlain() {
        for text in ["Hello World", "대방어", "2024-05-01", "a-b", "C#", "x:y", "100%", "it's", "1st place", "v1.2.3a"] {
            #expect(YAMLScalarWriter.text(text) == text)
        }
    }

    @Test func textThatYAMLWouldReadOtherwiseIsQuoted() {
        let cases: [(String, String)] = [
            ("", "\"\""), ("a: b", "\"a: b\""), ("a #b", "\"a #b\""), ("ends:", "\"ends:\""),
            ("*star", "\"*star\""), ("&anchor", "\"&anchor\""), ("!tag", "\"!tag\""), ("%x", "\"%x\""),
            ("@x", "\"@x\""), ("`x`", "\"`x`\""), ("- item", "\"- item\""), ("-x", "\"-x\""), ("?x", "\"?x\""),
            ("[x]", "\"[x]\""), ("{x}", "\"{x}\""), ("|x", "\"|x\""), (">x", "\">x\""), ("#x", "\"#x\""),
            ("'q'", "\"'q'\""), ("yes", "\"yes\""), ("No", "\"No\""), ("on", "\"on\""), ("OFF", "\"OFF\""),
            ("true", "\"true\""), ("null", "\"null\""), ("~", "\"~\""), ("42", "\"42\""), ("-7", "\"-7\""),
            ("1.5", "\"1.5\""), ("1e3", "\"1e3\""), ("0x1F", "\"0x1F\""), ("1_000", "\"1_000\""), (".inf", "\".inf\""),
            ("1:30", "\"1:30\""), (" lead", "\" lead\""), ("trail ", "\"trail \""),
        ]
        for (text, yaml) in cases { #expect(YAMLScalarWriter.text(text) == yaml, "\(text)") }
    }

    @Test func doubleQuotesInsideAreSingleQuotedWhenThatIsSimpler() {
        #expect(YAMLScalarWriter.text("\"quoted\": yes") == "'\"quoted\": yes'")
        #expect(YAMLScalarWriter.text("it's \"x\": y") == "\"it's \\\"x\\\": y\"")
    }

    @Test func lineBreaksAndControlCharactersAreEscaped() {
        #expect(YAMLScalarWriter.text("two\nlines") == "\"two\\nlines\"")
        #expect(YAMLScalarWriter.text("tab\there") == "\"tab\\there\"")
        #expect(YAMLScalarWriter.text("bell\u{7}\u{2028}") == "\"bell\\x07\\L\"")
    }

    @Test func everyWrittenTextReadsBackAsTheSameText() throws {
        let samples = [
            "", "plain", "a: b", "#", "- x", "yes", "12", "0o17", ".5", " x ", "two\nlines\n", "\"", "'", "\\", "\\\"'",
            "é ü 대방어 🎉", "a #b: c", "tab\t", "\u{FEFF}bom", "---", "...", "{a: 1}", "key: \"v\"", "null", "\r\n",
        ]
        for text in samples {
            let yaml = YAMLScalarWriter.text(text)
            #expect(try readBack(yaml) == .string(text), "\(text.debugDescription) written as \(yaml)")
        }
    }

    @Test func aFlowListQuotesOnlyItemsThatWouldBreakIt() {
        #expect(YAMLScalarWriter.flowList(["scrum", "회고", "C#"]) == "[scrum, 회고, C#]")
        #expect(
            YAMLScalarWriter.flowList(["a,b", "x]", "{y", "k:v", "yes"])
                == "[\"a,b\", \"x]\", \"{y\", \"k:v\", \"yes\"]")
        #expect(YAMLScalarWriter.flowList([]) == "[]")
    }

    @Test func everyTextWrittenAsAFlowListItemReadsBackAsThatItem() throws {
        let samples = [
            "plain", "a,b", "a, b", "[x]", "x]", "{a}", "a}b", "a:b", "a: b", "x:", "대방어", "yes", "12", "", "it's",
            "\"q\"",
            "a #b", "a#b", "tab\t", "- x", "?x", "a\\,b", "'",
        ]
        let node = try YAMLParser().parse("key: \(YAMLScalarWriter.flowList(samples))\n")?["key"]
        guard case .sequence(let items, flow: true)? = node?.content else {
            Issue.record("not a flow list: \(String(describing: node))")
            return
        }
        #expect(items.map(\.scalarValue) == samples.map { .string($0) })
    }

    @Test func numbersAreWrittenPlainForNumberFields() throws {
        #expect(YAMLScalarWriter.value("33000", as: .wholeNumber) == ("33000", .int(33000)))
        #expect(YAMLScalarWriter.value("007", as: .wholeNumber) == ("7", .int(7)))
        #expect(YAMLScalarWriter.value("-5", as: .wholeNumber) == ("-5", .int(-5)))
        #expect(YAMLScalarWriter.value("abc", as: .wholeNumber) == ("abc", .string("abc")))
        #expect(YAMLScalarWriter.value("1.5", as: .wholeNumber) == ("\"1.5\"", .string("1.5")))
        #expect(YAMLScalarWriter.value("33000", as: .text) == ("\"33000\"", .string("33000")))
    }

    @Test func flagsAreWrittenPlainForFlagFields() {
        #expect(YAMLScalarWriter.value("TRUE", as: .flag) == ("true", .bool(true)))
        #expect(YAMLScalarWriter.value("yes", as: .flag) == ("\"yes\"", .string("yes")))
    }
}
