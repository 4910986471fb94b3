/// A page's own description, for `<meta name="description">` and its link previews: its
/// `description` field when it has one, else the start of its text, cut near
/// `PageDescription.width` columns. A CJK character is shown about twice as wide as a Latin
/// letter (and search results and cards cut by width), so it counts twice; a cut falls
/// after a word when there is a space near the end (English, Korean), else between two
/// characters (Japanese and Chinese have no spaces).
enum PageDescription {
    /// How wide a description may be, in columns.
    static let width = 160

    /// The description of a page with this `description` field and this excerpt (plain text).
    static func of(description: String?, excerpt: String) -> String? {
        if let description, !description.isEmpty { return description }
        let cut = cut(excerpt)
        return cut.isEmpty ? nil : cut
    }

    /// `text` cut at `limit` columns, with `…` when it was cut (or already ended so).
    ///
    /// Every post's value is given a description, so this runs for every post a build shows (all
    /// 10,000 of a site's when a post is added and every list page moves). Text whose every scalar up to
    /// the cut is a character of its own (`aloneColumns`) is cut on its UTF-8 bytes: a character is then a
    /// scalar and `" "` a byte, so this is the same cut as `characterCut`, which other text still takes.
    static func cut(_ text: String, limit: Int = width) -> String {
        // Its last character is `…` exactly when its last scalar is (U+2026 extends nothing before it).
        let wasCut = text.unicodeScalars.last == "…"
        let wholeCount = text.utf8.count - (wasCut ? UTF8.width("…") : 0)
        guard let end = byteEnd(of: text, before: wholeCount, limit: limit) else {
            return characterCut(text, limit: limit, wasCut: wasCut)
        }
        guard end < wholeCount else { return wholeCount == 0 ? "" : text }
        return text.withBorrowedUTF8 { utf8 in
            let taken = UnsafeBufferPointer(rebasing: utf8[..<end])
            // A space in the last fifth: cut after the word before it; else between characters.
            var kept = taken
            if let space = taken.lastIndex(of: UInt8(ascii: " ")),
                taken[space...].count(where: { !UTF8.isContinuation($0) }) <= limit / 5
            {
                kept = UnsafeBufferPointer(rebasing: taken[..<space])
            }
            // Trimmed as before when it starts or ends with whitespace (rarely); else copied once, with
            // its `…`, from the text (valid UTF-8, not checked again), not trimmed into another copy.
            if hasWhitespaceAtEnds(kept) { return String(decoding: kept, as: UTF8.self).trimmingWhitespace + "…" }
            let keptEnd = text.utf8.index(text.startIndex, offsetBy: kept.count)
            var shown = String()
            shown.reserveCapacity(kept.count + UTF8.width("…"))
            shown.append(contentsOf: text[..<keptEnd])
            shown.append("…")
            return shown
        }
    }

    /// Whether text of scalars that stand alone (`aloneColumns`) is empty or starts or ends with
    /// whitespace: of those scalars, only a tab, a line feed, a space and a no-break space are.
    private static func hasWhitespaceAtEnds(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 }
        guard let first = bytes.first, let last = bytes.last else { return true }
        let count = bytes.count
        let noBreakSpace: (UInt8, UInt8) = (0xC2, 0xA0)
        return isWhitespace(first) || isWhitespace(last)
            || (count >= 2 && (bytes[0], bytes[1]) == noBreakSpace)
            || (count >= 2 && (bytes[count - 2], bytes[count - 1]) == noBreakSpace)
    }

    /// The offset of the first UTF-8 byte past `limit` columns among `text`'s first `count` bytes, or
    /// `count`; `nil` when a scalar before that point is not a character of its own.
    ///
    /// Read on the string's own bytes, valid UTF-8: a scalar of one to three bytes is put together
    /// here (every scalar that stands alone is below U+10000), which costs a quarter of the string's
    /// scalar view for the 160 columns of each of a site's posts.
    private static func byteEnd(of text: String, before count: Int, limit: Int) -> Int? {
        text.withBorrowedUTF8 { utf8 -> Int? in
            var columns = 0
            var offset = 0
            while offset < count {
                // Eight printable ASCII characters at once while they fit, as in most text.
                if offset + 8 <= count, columns + 8 <= limit,
                    isPrintableASCII(UnsafeRawPointer(utf8.baseAddress! + offset).loadUnaligned(as: UInt64.self))
                {
                    columns += 8
                    offset += 8
                    continue
                }
                let lead = UInt32(utf8[offset])
                let scalar: UInt32
                let length: Int
                if lead < 0x80 {
                    (scalar, length) = (lead, 1)
                } else if lead < 0xE0 {
                    (scalar, length) = ((lead & 0x1F) << 6 | continuation(utf8[offset + 1]), 2)
                } else if lead < 0xF0 {
                    let middle = continuation(utf8[offset + 1]) << 6
                    (scalar, length) = ((lead & 0x0F) << 12 | middle | continuation(utf8[offset + 2]), 3)
                } else {
                    return nil
                }
                guard let width = aloneColumns(scalar) else { return nil }
                columns += width
                if columns > limit { return offset }
                offset += length
            }
            return offset
        }
    }

    /// Whether each of the eight bytes of `word` is printable ASCII (U+0020 to U+007E): none has its
    /// high bit, none is below 0x20 and none is 0x7F (each test sees all eight bytes at once).
    @inline(__always)
    private static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = ones << 7
        let below = (word &- ones &* 0x20) & ~word & high
        let delete = word ^ (ones &* 0x7F)
        let deletes = (delete &- ones) & ~delete & high
        return (word & high) | below | deletes == 0
    }

    /// The six bits of a continuation byte.
    private static func continuation(_ byte: UInt8) -> UInt32 { UInt32(byte & 0x3F) }

    /// The columns a scalar takes when it is always a character of its own, neither joined to the one
    /// before nor joining the one after, else `nil`. Those are printable Latin to U+02FF (combining
    /// marks start at U+0300), general punctuation but its joiners and marks, kana but the voicing
    /// marks, CJK ideographs, Hangul syllables, full-width forms (a carriage return joins a line feed
    /// after it); the ones from U+3000 on are wide (`isWide`), the others not. The common ones first.
    private static func aloneColumns(_ scalar: UInt32) -> Int? {
        switch scalar {
        case 0x20...0x7E, 0x0A, 0x09: return 1
        case 0xAC00...0xD7A3, 0x4E00...0x9FFF: return 2
        case 0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205E: return 1
        case 0x3001...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x30A0...0x30FF, 0xFF01...0xFF60: return 2
        default: return nil
        }
    }

    /// `cut(_:limit:)` measured a character at a time, for text with scalars that join others.
    private static func characterCut(_ text: String, limit: Int, wasCut: Bool) -> String {
        let wholeEnd = wasCut ? text.unicodeScalars.index(before: text.endIndex) : text.endIndex
        let end = characterEnd(of: text[..<wholeEnd], limit: limit)
        guard end < wholeEnd else { return wholeEnd == text.startIndex ? "" : text }
        let taken = text[..<end]
        if let space = taken.lastIndex(of: " "), taken.distance(from: space, to: taken.endIndex) <= limit / 5 {
            return String(taken[..<space]).trimmingWhitespace + "…"
        }
        return String(taken).trimmingWhitespace + "…"
    }

    /// Where `text` passes `limit` columns (the index of the first character past them), or its end.
    private static func characterEnd(of text: Substring, limit: Int) -> String.Index {
        var columns = 0
        for index in text.indices {
            columns += isWide(text[index]) ? 2 : 1
            if columns > limit { return index }
        }
        return text.endIndex
    }

    /// Whether a character is shown two columns wide: Hangul, CJK ideographs, kana, full-width forms.
    private static func isWide(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { isWide($0.value) } ?? false
    }

    /// Whether a character starting with this scalar is shown two columns wide.
    private static func isWide(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default: return false
        }
    }
}
