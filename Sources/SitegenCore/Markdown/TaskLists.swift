/// GitHub's task lists: a list item whose text starts with `[ ]` or `[x]`
/// (`[X]`) and white space gets a disabled checkbox, ticked for `x`, in
/// place of the brackets. The checkbox is named by the task's words
/// (`aria-label`), so a screen reader says what is done or open.
enum TaskLists {
    static func apply(to document: MarkdownNode) {
        for item in document.descendants where item.kind == .item {
            guard let paragraph = item.firstChild, paragraph.kind == .paragraph,
                let text = paragraph.firstChild, text.kind == .text, let literal = text.literal
            else { continue }
            let characters = Array(literal.prefix(4))
            guard characters.count >= 3, characters[0] == "[", characters[2] == "]", " xX".contains(characters[1])
            else { continue }
            let rest = literal.dropFirst(3)
            guard let space = rest.first, space == " " || space == "\t" else {
                guard rest.isEmpty, text.next == nil || text.next?.kind == .softBreak else { continue }
                mark(text, in: paragraph, checked: characters[1] != " ", rest: "")
                continue
            }
            mark(text, in: paragraph, checked: characters[1] != " ", rest: String(rest.dropFirst()))
        }
    }

    /// Puts the checkbox where the brackets were (the paragraph's first text), named by the words after them.
    private static func mark(_ text: MarkdownNode, in paragraph: MarkdownNode, checked: Bool, rest: String) {
        if rest.isEmpty { text.unlink() } else { text.literal = rest }
        let words = paragraph.plainText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let label = words.isEmpty ? "" : " aria-label=\"\(HTMLText.escaped(words))\""
        let box = "<input type=\"checkbox\" disabled=\"\"\(checked ? " checked=\"\"" : "")\(label)> "
        paragraph.prepend(.raw(.customInline, enter: box))
    }
}
