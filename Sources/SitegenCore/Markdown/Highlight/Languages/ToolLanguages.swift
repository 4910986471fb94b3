/// The languages of tools and documents: diffs, console sessions, Makefiles, Dockerfiles, Markdown.
extension LanguageDefinition {
    static let diff = LanguageDefinition(
        regions: [],
        lineKinds: [
            LineKind(prefix: "+++", kind: .meta), LineKind(prefix: "---", kind: .meta),
            LineKind(prefix: "@@", kind: .meta), LineKind(prefix: "diff ", kind: .meta),
            LineKind(prefix: "index ", kind: .meta), LineKind(prefix: "+", kind: .inserted),
            LineKind(prefix: "-", kind: .deleted), LineKind(prefix: ">", kind: .inserted),
            LineKind(prefix: "<", kind: .deleted),
        ],
        otherLinesArePlain: true)

    /// Prompt lines are highlighted as shell commands; every other line is output, plain.
    static let console = LanguageDefinition(prompts: true)

    static let makefile = LanguageDefinition(
        keywords: Set(
            words: """
                ifeq ifneq ifdef ifndef else endif include -include sinclude define endef export unexport
                override private vpath
                """),
        nameBytes: "-",
        regions: [
            .lineComment("#"), Region(open: "$(", end: .delimiter(")"), kind: .variable, singleLine: true, nests: true),
            Region(open: "${", end: .delimiter("}"), kind: .variable, singleLine: true, nests: true),
            .quoted("\""), .quoted("'", escapes: false),
        ],
        sigils: [.variable()], numbers: .none,
        lineKeys: [
            LineKey(separators: [":=", "::=", "?=", "+=", "!=", "="], kind: .variable),
            LineKey(separators: [":"], kind: .type),
        ])

    static let dockerfile = LanguageDefinition(
        keywords: Set(
            words: """
                FROM AS RUN CMD LABEL MAINTAINER EXPOSE ENV ADD COPY ENTRYPOINT VOLUME USER WORKDIR ARG ONBUILD
                STOPSIGNAL HEALTHCHECK SHELL
                """),
        ignoresCase: true,
        regions: [
            Region(open: "#", end: .lineEnd, kind: .comment, atLineStart: true),
            Region(open: "${", end: .delimiter("}"), kind: .variable, singleLine: true),
            .quoted("\"", variables: true), .quoted("'", escapes: false),
        ],
        sigils: [.variable()])

    static let markdown = LanguageDefinition(
        regions: [
            .multiline("```", escapes: false), .multiline("~~~", escapes: false),
            Region(open: "`", end: .delimiter("`"), kind: .string, singleLine: true),
            .blockComment("<!--", "-->"),
            Region(open: "](", end: .delimiter(")"), kind: .attribute, singleLine: true),
        ],
        numbers: .none,
        lineKinds: [LineKind(prefix: "#", kind: .keyword), LineKind(prefix: ">", kind: .comment)])
}
