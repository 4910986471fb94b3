/// GitHub's strikethrough: text between a matching pair of one or two tildes
/// (`~~gone~~`, `~gone~`) becomes `<del>`. A run of three or more tildes is
/// text. As with emphasis, a run opens when it is left-flanking (followed by
/// something other than white space, and not by punctuation unless white space
/// or punctuation comes before it) and closes when right-flanking; a closer
/// takes the nearest opener of the same length in the same span of inlines.
enum Strikethrough {
    static func apply(to root: MarkdownNode) {
        for container in [root] + root.descendants where holdsInlines(container) {
            strike(in: container)
        }
    }

    private static func holdsInlines(_ node: MarkdownNode) -> Bool {
        switch node.kind {
        case .paragraph, .heading, .emphasis, .strong, .link, .image, .customInline: return true
        default: return false
        }
    }

    /// A tilde run split out of a text node.
    private struct Run {
        var node: MarkdownNode
        var length: Int
        var opens: Bool
        var closes: Bool
    }

    private static func strike(in container: MarkdownNode) {
        let children = container.children
        guard children.contains(where: { $0.kind == .text && $0.literalContains("~") }) else { return }
        var runs: [Run] = []
        for (index, child) in children.enumerated() where child.kind == .text {
            // Next to another inline counts as next to a letter; at the span's ends, as next to white space.
            let before: Character = index > 0 ? "a" : " "
            let after: Character = index + 1 < children.count ? "a" : " "
            runs += split(child, before: before, after: after)
        }
        // Open runs by length (one stack each, so a closer finds its opener at once), with their places.
        var openers: [[(place: Int, run: Run)]] = [[], []]
        for (place, run) in runs.enumerated() {
            if run.closes, let match = openers[run.length - 1].last {
                wrap(from: match.run.node, to: run.node)
                // Runs opened after the match are inside the struck text: no later closer reaches them.
                for length in openers.indices {
                    while let last = openers[length].last, last.place >= match.place { openers[length].removeLast() }
                }
            } else if run.opens {
                openers[run.length - 1].append((place, run))
            }
        }
    }

    /// Puts the nodes strictly between two tilde runs into a `<del>`, and drops the runs.
    private static func wrap(from opener: MarkdownNode, to closer: MarkdownNode) {
        let struck = MarkdownNode.raw(.customInline, enter: "<del>", exit: "</del>")
        opener.insertAfter(struck)
        while let node = struck.next, node != closer {
            node.unlink()
            struck.append(node)
        }
        opener.unlink()
        closer.unlink()
    }

    /// Splits a text node at its runs of one or two tildes, each run a node of its own.
    private static func split(_ node: MarkdownNode, before: Character, after: Character) -> [Run] {
        let characters = Array(node.literal ?? "")
        var runs: [Run] = []
        var pieces: [(text: String, run: Run?)] = []
        var plain = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "~" else {
                plain.append(characters[index])
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end] == "~" { end += 1 }
            let length = end - index
            if length > 2 {
                plain += String(repeating: "~", count: length)
            } else {
                let previous = index > 0 ? characters[index - 1] : before
                let following = end < characters.count ? characters[end] : after
                let left =
                    !following.isWhitespace
                    && (!following.isPunctuationMark || previous.isWhitespace || previous.isPunctuationMark)
                let right =
                    !previous.isWhitespace
                    && (!previous.isPunctuationMark || following.isWhitespace || following.isPunctuationMark)
                if !plain.isEmpty { pieces.append((plain, nil)) }
                plain = ""
                pieces.append(
                    (String(repeating: "~", count: length), Run(node: node, length: length, opens: left, closes: right))
                )
            }
            index = end
        }
        guard pieces.contains(where: { $0.run != nil }) else { return [] }
        if !plain.isEmpty { pieces.append((plain, nil)) }
        for piece in pieces {
            let text = MarkdownNode.text(piece.text)
            node.insertBefore(text)
            if var run = piece.run {
                run.node = text
                runs.append(run)
            }
        }
        node.unlink()
        return runs
    }
}

extension Character {
    /// Punctuation as the flanking rules mean it: ASCII punctuation and Unicode punctuation.
    var isPunctuationMark: Bool { isPunctuation || isSymbol || (isASCII && !isLetter && !isNumber && !isWhitespace) }
}
