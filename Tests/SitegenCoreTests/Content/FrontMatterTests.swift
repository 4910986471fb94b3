import Testing

@testable import SitegenCore

@Suite struct FrontMatterTests {
    private func locate(_ text: String) throws -> FrontMatter { try FrontMatter.locate(in: Array(text.utf8)) }

    @Test func splitsYamlFromBody() throws {
        let text = "---\ntitle: x\n---\nBody\n"
        let found = try locate(text)
        #expect(found.isPresent)
        #expect(String(decoding: Array(text.utf8)[found.yamlRange], as: UTF8.self) == "title: x\n")
        #expect(String(decoding: Array(text.utf8)[found.bodyRange], as: UTF8.self) == "Body\n")
        #expect(found.yamlFirstLine == 2)
    }

    @Test func acceptsCRLFAndByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("---\r\na: 1\r\n---\r\nB".utf8)
        let found = try FrontMatter.locate(in: bytes)
        #expect(found.hasByteOrderMark)
        #expect(String(decoding: bytes[found.yamlRange], as: UTF8.self) == "a: 1\r\n")
        #expect(String(decoding: bytes[found.bodyRange], as: UTF8.self) == "B")
    }

    @Test func closingWithDotsIsAccepted() throws {
        #expect(try locate("---\na: 1\n...\nbody").isPresent)
    }

    @Test func fileWithoutOpeningFenceIsAllBody() throws {
        let found = try locate("# Title\n---\n")
        #expect(!found.isPresent)
        #expect(found.bodyRange == 0..<12)
    }

    @Test func unclosedFrontMatterIsAnErrorOnLineOne() {
        #expect(throws: TextProblem.self) { try locate("---\na: 1\nbody\n") }
    }

    @Test func closingFenceWithoutFinalNewlineEndsTheFile() throws {
        let found = try locate("---\na: 1\n---")
        #expect(found.bodyRange.isEmpty)
    }

    @Test func frontMatterAfterBlankLinesIsFoundWithTheirCount() throws {
        let text = "\n \t\r\n---\r\ntitle: x\r\n---\r\nBody"
        let (blankLines, found) = try #require(FrontMatter.afterBlankLines(in: Array(text.utf8)))
        #expect(blankLines == 2)
        #expect(found.yamlFirstLine == 4)
        #expect(String(decoding: Array(text.utf8)[found.yamlRange], as: UTF8.self) == "title: x\r\n")
        #expect(String(decoding: Array(text.utf8)[found.bodyRange], as: UTF8.self) == "Body")
    }

    @Test func onlyBlankLinesThenAClosedFenceCountAsMisplacedFrontMatter() {
        for text in ["---\na: 1\n---\n", "# Title\n\n---\na: 1\n---\n", "\n---\na: 1\n", "\n\n", "", "\nText\n"] {
            #expect(FrontMatter.afterBlankLines(in: Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
    }
}

@Suite struct TextValidationTests {
    @Test func invalidByteIsLocatedByLineAndColumn() {
        do {
            try TextValidation.check(Array("ok\nab".utf8) + [0xFF])
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2 && error.column == 3)
        }
    }

    @Test func nulByteIsRefused() {
        #expect(throws: TextProblem.self) { try TextValidation.check([0x61, 0x00]) }
    }

    @Test func utf16IsNamedWithOrWithoutAByteOrderMark() {
        let text = "---\ntitle: 대방어\n---\n"
        let littleEndian = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [littleEndian, bigEndian, [0xFF, 0xFE] + littleEndian, [0xFE, 0xFF] + bigEndian] {
            #expect(TextValidation.utf16Text(of: bytes) == text)
            #expect(throws: TextProblem(line: 1, column: 1, "file is UTF-16; sitegen reads UTF-8 (save it as UTF-8)")) {
                try TextValidation.check(bytes)
            }
        }
    }

    @Test func utf8WithAStrayZeroIsNotTakenForUTF16() {
        #expect(TextValidation.utf16Text(of: Array("---\n".utf8) + [0] + Array("title: x\n".utf8)) == nil)
        #expect(TextValidation.utf16Text(of: Array("plain UTF-8 text".utf8)) == nil)
    }

    @Test func multibyteTextIsFine() throws {
        try TextValidation.check(Array("대방어 🎉\n".utf8))
    }
}
