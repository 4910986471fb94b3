/// Finds where the parts of a document's front matter sit in the file's
/// bytes: the offset of a YAML mark, where a value really ends, the colon
/// after a key, line starts and ends, and the file's line break.
struct FrontMatterLayout {
    /// The document being edited.
    let document: ContentDocument

    private var bytes: [UInt8] { document.bytes }
    private var yamlRange: Range<Int> { document.frontMatter.yamlRange }

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// The file offset of a mark in the front matter's YAML.
    func offset(_ mark: YAMLMark) -> Int { yamlRange.lowerBound + mark.offset }

    /// The file's line break: the one ending its first line, `\n` when it has none.
    var lineEnding: String {
        guard let newline = bytes.firstIndex(of: Self.newline) else { return "\n" }
        return newline > bytes.startIndex && bytes[newline - 1] == Self.carriageReturn ? "\r\n" : "\n"
    }

    /// Where the line holding `offset` starts.
    func lineStart(at offset: Int) -> Int {
        var start = offset
        while start > 0 && bytes[start - 1] != Self.newline { start -= 1 }
        return start
    }

    /// Where the line after the one holding `offset` starts (the file's end if none).
    func nextLineStart(from offset: Int) -> Int {
        bytes[offset...].firstIndex(of: Self.newline).map { $0 + 1 } ?? bytes.count
    }

    /// Where the text of the line holding `offset` ends, before its `\r\n` or `\n`.
    func lineContentEnd(from offset: Int) -> Int {
        guard let newline = bytes[offset...].firstIndex(of: Self.newline) else { return bytes.count }
        return newline > offset && bytes[newline - 1] == Self.carriageReturn ? newline - 1 : newline
    }

    /// The spaces before a key when it is the first thing on its line, else `nil`.
    func indentation(of key: YAMLNode) -> String? {
        let keyStart = offset(key.start)
        let prefix = bytes[lineStart(at: keyStart)..<keyStart]
        guard prefix.allSatisfy({ $0 == UInt8(ascii: " ") }) else { return nil }
        return String(repeating: " ", count: prefix.count)
    }

    /// The text before a block list item on its line (`  - `) when the item is
    /// the first thing after the dash, else `nil`.
    func listItemPrefix(_ item: YAMLNode) -> String? {
        let itemStart = offset(item.start)
        let prefix = bytes[lineStart(at: itemStart)..<itemStart]
        let afterIndent = prefix.drop { $0 == UInt8(ascii: " ") }
        guard afterIndent.first == UInt8(ascii: "-"), afterIndent.count > 1,
            afterIndent.dropFirst().allSatisfy({ $0 == UInt8(ascii: " ") })
        else { return nil }
        return String(decoding: prefix, as: UTF8.self)
    }

    /// The bytes between two offsets, as text.
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Just after the `:` that follows a key on its line, or `nil` when the key is written another way.
    func colonEnd(after key: YAMLNode) -> Int? {
        var index = offset(key.end)
        while index < yamlRange.upperBound, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        guard index < yamlRange.upperBound, bytes[index] == UInt8(ascii: ":") else { return nil }
        return index + 1
    }

    /// Just after a value's last meaningful byte. libyaml's own end marks run
    /// past trailing blank lines (block scalars) and up to the next key,
    /// comments included (block lists and mappings), so those are cut back.
    func valueEnd(_ node: YAMLNode) -> Int {
        switch node.content {
        case .scalar(_, let style) where style == .literal || style == .folded:
            let start = offset(node.start)
            var end = offset(node.end)
            while end > start,
                [Self.newline, Self.carriageReturn, UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[end - 1])
            {
                end -= 1
            }
            return lineContentEnd(from: end)
        case .sequence(let items, flow: false):
            guard let last = items.last, last.start.offset >= node.start.offset else { return offset(node.end) }
            return valueEnd(last)
        case .mapping(let pairs, flow: false):
            guard let last = pairs.last, last.key.start.offset >= node.start.offset else { return offset(node.end) }
            return valueEnd(last.value)
        default:
            // An alias copy keeps its anchor's children; its own marks are the alias's.
            return offset(node.end)
        }
    }

    /// Whether a value is a list or mapping written over indented lines (not `[…]` / `{…}`).
    func isBlockCollection(_ node: YAMLNode) -> Bool {
        switch node.content {
        case .sequence(_, let flow), .mapping(_, let flow): return !flow
        case .scalar: return false
        }
    }
}
