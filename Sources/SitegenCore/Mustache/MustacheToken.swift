/// A piece of template source: literal text, a line break, or a tag.
struct MustacheToken: Sendable {
    /// What the token is.
    enum Kind: Equatable, Sendable {
        /// Literal text without line breaks.
        case text
        /// `\n` or `\r\n`.
        case newline
        /// Where the current indentation goes (added by the layout pass).
        case lineStart
        /// `{{x}}` (escaped) or `{{{x}}}` / `{{&x}}`.
        case variable(escaped: Bool)
        case section, inverted, close, comment, partial, parent, block, delimiters
    }

    var kind: Kind
    /// The literal text, or the tag's name (without the `*` of a dynamic name).
    var text: String
    /// `{{>*name}}` / `{{<*name}}`: the name is looked up in the context.
    var isDynamic = false
    /// 1-based line and column of a tag's opening delimiter.
    var line = 0
    var column = 0

    /// Whitespace before a standalone tag (the layout pass sets it).
    var indentation = ""
    /// For a block: the indentation stripped from its content lines.
    var contentIndentation = ""
    /// For a block: the indentation an override gets in this slot.
    var slotIndentation = ""
    /// For a block, or a closing tag of one: whether it sits directly in a parent tag.
    var insideParent = false
    /// For a closing tag: the kind of tag it closes, when there is one.
    var closes: Kind?

    /// Whether this is a tag rather than text or a line break.
    var isTag: Bool {
        switch kind {
        case .text, .newline, .lineStart: return false
        default: return true
        }
    }

    /// Whether this is a variable tag, which is never standalone.
    var isVariable: Bool {
        if case .variable = kind { return true }
        return false
    }

    /// The name that an opening and its closing tag must share.
    var matchKey: String { isDynamic ? "*" + text : text }

    /// A tag that only structures template inheritance; several of them may
    /// share a standalone line (`{{<parent}}{{$block}}`).
    var isInheritanceFrame: Bool {
        switch kind {
        case .parent: return true
        case .block: return insideParent
        case .close: return closes == .parent || (closes == .block && insideParent)
        default: return false
        }
    }
}
