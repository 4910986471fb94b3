/// One piece of a parsed template. Whitespace rules (standalone lines,
/// indentation) are already applied by the parser.
enum MustacheNode: Sendable {
    /// Literal text, written as is: where it lies in its template's text.
    case text(TextRange)
    /// The start of a template line: the current indentation goes here
    /// (partial and block indentation), if the output is at a line start.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
    case variable(Path, escaped: Bool)
    /// `{{#name}}…{{/name}}`.
    case section(Path, Nodes)
    /// `{{^name}}…{{/name}}`.
    case inverted(Path, Nodes)
    /// `{{>name}}` or `{{>*name}}`.
    case partial(PartialCall)
    /// `{{<name}}…{{/name}}`: a parent template with block overrides.
    case parent(ParentCall)
    /// `{{$name}}…{{/name}}`: a replaceable block with its default content.
    case block(Block)
}

extension MustacheNode {
    /// Where a piece of literal text lies in its template's text (`TemplateText`): the
    /// pieces are not strings of their own, so rendering one retains nothing (the renderers of
    /// all cores would otherwise count references to the same few strings, a million times for
    /// a few hundred list pages).
    struct TextRange: Sendable {
        let start: Int
        let count: Int
    }

    /// Which template a partial or parent tag includes.
    enum Target: Sendable {
        /// A name written in the tag.
        case named(Name)
        /// `*path`: the name is the value of `path` in the context.
        case dynamic(Path)
    }

    /// A partial tag.
    struct PartialCall: Sendable {
        /// The partial to include.
        let target: Target
        /// Added to every line of the partial (only for a standalone tag).
        let indentation: String
    }

    /// A parent tag and the blocks it passes to the parent template.
    struct ParentCall: Sendable {
        /// The parent template to include.
        let target: Target
        /// Added to every line of the parent (only for a standalone tag).
        let indentation: String
        /// The blocks inside the tag, by name; they replace the parent's blocks.
        let overrides: [String: Block]
    }

    /// A block: in a parent tag it is an override, elsewhere a slot with default content.
    struct Block: Sendable {
        /// The block name.
        let name: String
        /// The content, with `contentIndentation` removed from each of its lines.
        let content: [MustacheNode]
        /// The indentation the content was written with (standalone blocks only).
        let contentIndentation: String
        /// The indentation an override gets when it fills this slot.
        let slotIndentation: String
    }
}
