import Testing

@testable import SitegenCore

/// A highlighted block read back into its runs. Reading checks the promises every
/// highlighter's HTML keeps: only `hl-` classes the stylesheet knows, spans neither
/// nested nor empty, no two neighbouring spans of one class, and the text escaped.
struct HighlightedRuns {
    /// Text in one span (`kind` is its class without `hl-`), or plain text between spans (nil).
    struct Run: Equatable {
        var kind: String?
        var text: String
    }

    private(set) var runs: [Run] = []
    /// What broke the promises, in words; empty when all is well.
    private(set) var problems: [String] = []
    /// The text of the HTML: tags removed, entities decoded, as bytes.
    private(set) var text: [UInt8] = []

    static let knownClasses: Set<String> = Set(TokenKind.allCases.map(\.cssClass))

    init(html: String) {
        let bytes = Array(html.utf8)
        let opening = Array("<span class=\"".utf8)
        let closing = Array("</span>".utf8)
        let entities: [(name: [UInt8], byte: UInt8)] = [
            (Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&lt;".utf8), UInt8(ascii: "<")),
            (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&quot;".utf8), UInt8(ascii: "\"")),
        ]
        var runText: [UInt8] = []
        var openClass: String?
        var index = 0
        outer: while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") && bytes[index...].starts(with: opening) {
                let nameStart = index + opening.count
                guard let nameEnd = bytes[nameStart...].firstIndex(of: UInt8(ascii: "\"")),
                    bytes.count > nameEnd + 1, bytes[nameEnd + 1] == UInt8(ascii: ">")
                else {
                    problems.append("a span's opening tag is not closed at byte \(index)")
                    break
                }
                let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                if openClass != nil { problems.append("a span opens inside a span at byte \(index)") }
                if !Self.knownClasses.contains(name) { problems.append("unknown class \(name)") }
                finishRun(&runText, kind: nil)
                if runs.last?.kind == name { problems.append("two neighbouring \(name) spans at byte \(index)") }
                openClass = name
                index = nameEnd + 2
            } else if byte == UInt8(ascii: "<") && bytes[index...].starts(with: closing) {
                if openClass == nil { problems.append("a span closes outside any span at byte \(index)") }
                if runText.isEmpty { problems.append("an empty span at byte \(index)") }
                finishRun(&runText, kind: openClass)
                openClass = nil
                index += closing.count
            } else if byte == UInt8(ascii: "&") {
                for entity in entities where bytes[index...].starts(with: entity.name) {
                    runText.append(entity.byte)
                    index += entity.name.count
                    continue outer
                }
                problems.append("an unescaped & at byte \(index)")
                runText.append(byte)
                index += 1
            } else {
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") {
                    problems.append("an unescaped \(Character(Unicode.Scalar(byte))) at byte \(index)")
                }
                runText.append(byte)
                index += 1
            }
        }
        if openClass != nil { problems.append("the last span is not closed") }
        finishRun(&runText, kind: openClass)
    }

    private mutating func finishRun(_ runText: inout [UInt8], kind: String?) {
        guard !runText.isEmpty else { return }
        text += runText
        runs.append(Run(kind: kind.map { String($0.dropFirst(3)) }, text: String(decoding: runText, as: UTF8.self)))
        runText = []
    }

    /// The runs as `«kind:text»`, plain text as it is: short enough to compare whole.
    var marked: String {
        runs.map { run in run.kind.map { "«\($0):\(run.text)»" } ?? run.text }.joined()
    }

    /// The texts of the runs of one kind (`"string"`), in order.
    func texts(of kind: String) -> [String] {
        runs.filter { $0.kind == kind }.map(\.text)
    }
}

/// Highlights `code`, recording an issue when the language is unknown, the HTML
/// breaks a promise, or its text is not the code byte for byte.
func highlighted(_ code: String, _ language: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> HighlightedRuns
{
    guard let html = CodeHighlighter.html(code, language: language) else {
        Issue.record("\(language) is not a known language", sourceLocation: sourceLocation)
        return HighlightedRuns(html: "")
    }
    let runs = HighlightedRuns(html: html)
    for problem in runs.problems.prefix(5) {
        Issue.record("\(language): \(problem)", sourceLocation: sourceLocation)
    }
    if runs.text != Array(code.utf8) {
        Issue.record("\(language): the HTML's text differs from the code", sourceLocation: sourceLocation)
    }
    return runs
}

/// The code highlighted and marked up as `«kind:text»` (see `HighlightedRuns.marked`).
func marked(_ code: String, _ language: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    highlighted(code, language, sourceLocation: sourceLocation).marked
}
