/// The secret a served page carries (`<meta name="sitegen-token">`) and every
/// write to the editing API must send back (`X-Sitegen-Token`): new for each
/// `serve`, so only pages this preview served can write, not a page of
/// another site open in the same browser.
struct EditToken: Sendable, Equatable {
    /// 32 hex digits.
    let text: String

    /// A new random token.
    static func random() -> EditToken {
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()] as [UInt64]
        return EditToken(
            text: words.map { word in
                let hex = String(word, radix: 16)
                return String(repeating: "0", count: 16 - hex.count) + hex
            }.joined())
    }

    /// Whether `sent` is this token, compared in time that does not depend on where they differ.
    func matches(_ sent: String?) -> Bool {
        guard let sent else { return false }
        let (mine, theirs) = (Array(text.utf8), Array(sent.utf8))
        guard mine.count == theirs.count else { return false }
        return zip(mine, theirs).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A page with the token's `<meta>` tag before its `</head>` (pages without one are left as they are).
    func inject(into page: [UInt8]) -> [UInt8] {
        let tag = "<meta name=\"sitegen-token\" content=\"\(text)\">\n"
        return PageInsertion.insert(tag, before: "</head>", in: page, last: false) ?? page
    }
}
