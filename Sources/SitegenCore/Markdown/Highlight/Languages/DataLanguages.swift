/// Data and configuration formats, and SQL.
extension LanguageDefinition {
    static let json = LanguageDefinition(
        keywords: ["true", "false", "null"],
        regions: [.lineComment("//"), .blockComment("/*", "*/"), .quoted("\"")],
        numbers: .signed, keysBeforeColon: true)

    static let toml = LanguageDefinition(
        keywords: ["true", "false", "inf", "nan"],
        regions: [
            .lineComment("#"),
            Region(open: "[[", end: .delimiter("]]"), kind: .type, singleLine: true, atLineStart: true),
            Region(open: "[", end: .delimiter("]"), kind: .type, singleLine: true, atLineStart: true),
            .multiline("\"\"\""), .multiline("'''", escapes: false), .quoted("\""), .quoted("'", escapes: false),
        ],
        numbers: .signed, lineKeys: [LineKey(separators: ["="], kind: .attribute)])

    static let ini = LanguageDefinition(
        keywords: ["true", "false", "yes", "no", "on", "off"], ignoresCase: true,
        regions: [
            Region(open: ";", end: .lineEnd, kind: .comment, atLineStart: true),
            Region(open: "#", end: .lineEnd, kind: .comment, atLineStart: true),
            Region(open: "[", end: .delimiter("]"), kind: .type, singleLine: true, atLineStart: true),
            .quoted("\""),
        ],
        numbers: .signed, lineKeys: [LineKey(separators: ["=", ":"], kind: .attribute)])

    static let sql = LanguageDefinition(
        keywords: Set(
            words: """
                add all alter and any as asc begin between by cascade case check column commit constraint create
                cross database default delete desc distinct drop else end exists false foreign from full grant
                group having if in index inner insert into is join key left like limit not null offset on or
                order outer primary references returning revoke right rollback select set table then to
                transaction true truncate union unique update using values view when where with recursive over
                partition window replace trigger function procedure returns language declare
                """),
        types: Set(
            words: """
                int integer smallint bigint serial bigserial decimal numeric real float double precision char
                varchar text boolean bool date time timestamp timestamptz interval uuid json jsonb blob bytea
                count sum avg min max coalesce now
                """),
        ignoresCase: true,
        regions: [
            .lineComment("--"), .lineComment("#"), .blockComment("/*", "*/"),
            Region(open: "'", end: .delimiter("'"), kind: .string, doubledEndIsText: true),
            Region(open: "\"", end: .delimiter("\""), kind: .attribute, doubledEndIsText: true, singleLine: true),
            Region(open: "`", end: .delimiter("`"), kind: .attribute, singleLine: true),
        ],
        sigils: [Sigil(byte: UInt8(ascii: ":"), kind: .variable), Sigil(byte: UInt8(ascii: "@"), kind: .variable)])
}
