/// GitHub's task lists: a list item whose text starts with `[ ]` or `[x]`
/// (`[X]`) and white space gets a disabled checkbox, ticked for `x`, in
/// place of the brackets.
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
                mark(text, checked: characters[1] != " ", rest: "")
                continue
            }
            mark(text, checked: characters[1] != " ", rest: String(rest.dropFirst()))
        }
    }

    private static func mark(_ text: MarkdownNode, checked: Bool, rest: String) {
        let box = "<input type=\"checkbox\" disabled=\"\"\(checked ? " checked=\"\"" : "")> "
        text.insertBefore(.raw(.customInline, enter: box))
        if rest.isEmpty { text.unlink() } else { text.literal = rest }
    }
}
