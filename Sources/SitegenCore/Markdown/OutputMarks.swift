#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Marks the transforms leave in cmark's output where it must change in ways
/// a node cannot say (cmark writes no attributes on headings, and puts `<p>`
/// around a table built of inlines), and the one pass over the output that
/// acts on them. Private-use characters, so no text of a post can make one
/// here: text is escaped, and these never come from cmark itself.
enum OutputMarks {
    /// Before a heading's text, around its number: `<hN>` + mark → `<hN id="…">`.
    static let headingStart = "\u{E000}", headingEnd = "\u{E001}"
    /// Around a table built in place: goes, with the `<p>` before it / the `</p>` after it.
    static let tableOpen = "\u{E003}", tableClose = "\u{E004}"
    /// At the end of an image's alt text, before its number and `headingEnd`: attributes after the alt.
    static let imageStart = "\u{E005}"

    /// cmark's output, marks acted on: headings get the `id`s given, tables lose their paragraph, images
    /// their attributes.
    static func finish(_ output: UnsafePointer<CChar>, anchors: [String], images: [ImageMarkup] = []) -> String {
        let length = strlen(output)
        return output.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            let bytes = UnsafeBufferPointer(start: start, count: length)
            // Every mark is U+E000…U+E005: EE 80 80…85 in UTF-8.
            let lead: [UInt8] = [0xEE, 0x80]
            let marked = lead.withUnsafeBytes { ByteSearch.find($0, in: UnsafeRawBufferPointer(bytes)) != nil }
            guard marked else { return String(decoding: bytes, as: UTF8.self) }
            // Measured first, then written straight into the string: a big post's HTML is not held twice more.
            var count = 0
            acted(on: bytes, anchors: anchors, images: images) { count += $0.count }
            return String(unsafeUninitializedCapacity: count) { result in
                var written = 0
                acted(on: bytes, anchors: anchors, images: images) { piece in
                    let room = UnsafeMutableBufferPointer(rebasing: result[written..<(written + piece.count)])
                    _ = room.initialize(from: piece)
                    written += piece.count
                }
                return written
            }
        }
    }

    /// Hands `emit` the pieces of the output in order: runs of `bytes` and what marks stand for.
    private static func acted(
        on bytes: UnsafeBufferPointer<UInt8>, anchors: [String], images: [ImageMarkup],
        emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        func copy(_ range: Range<Int>) { emit(UnsafeBufferPointer(rebasing: bytes[range])) }
        func write(_ text: String) {
            var text = text
            text.withUTF8(emit)
        }
        var copied = 0
        var index = 0
        func follows(_ text: String, at offset: Int) -> Bool {
            let utf8 = Array(text.utf8)
            return offset + utf8.count <= bytes.count && bytes[offset..<(offset + utf8.count)].elementsEqual(utf8)
        }
        /// The number after the mark at `mark`, below `limit`, and where its end mark ends.
        func numbered(at mark: Int, below limit: Int) -> (number: Int, after: Int)? {
            var end = mark + 3
            while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
            guard follows(headingEnd, at: end),
                let number = Int(String(decoding: bytes[(mark + 3)..<end], as: UTF8.self)),
                number < limit
            else { return nil }
            return (number, end + 3)
        }
        while index + 2 < bytes.count {
            guard bytes[index] == 0xEE, bytes[index + 1] == 0x80, (0x80...0x85).contains(bytes[index + 2]) else {
                index += 1
                continue
            }
            let mark = bytes[index + 2]
            switch mark {
            case 0x80:  // A heading: `<hN>` right before, its number up to the end mark.
                guard let (number, after) = numbered(at: index, below: anchors.count) else {
                    index += 3
                    continue
                }
                let isHeading =
                    index >= 4 && bytes[index - 4] == UInt8(ascii: "<") && bytes[index - 3] == UInt8(ascii: "h")
                    && bytes[index - 1] == UInt8(ascii: ">")
                copy(copied..<(isHeading ? index - 1 : index))
                if isHeading { write(" id=\"\(anchors[number])\">") }
                index = after
            // An image's attributes: after the alt text's closing quote, its first `"` (cmark escapes the others).
            case 0x85:
                guard let (number, after) = numbered(at: index, below: images.count) else {
                    index += 3
                    continue
                }
                let markup = images[number]
                // `before` goes in front of the `<img` the mark is in (`<picture>`), `after` behind its `>`.
                if !markup.before.isEmpty, let start = lastImageTag(in: bytes, from: copied, to: index) {
                    copy(copied..<start)
                    write(markup.before)
                    copy(start..<index)
                } else {
                    copy(copied..<index)
                }
                index = after
                if let quote = bytes[index...].firstIndex(of: UInt8(ascii: "\"")) {
                    copy(index..<(quote + 1))
                    write(markup.attributes)
                    index = quote + 1
                    if !markup.after.isEmpty, let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) {
                        copy(index..<(close + 1))
                        write(markup.after)
                        index = close + 1
                    }
                }
            case 0x83:  // A table opens: the `<p>` before it goes too.
                let paragraph = index - copied >= 3 && follows("<p>", at: index - 3)
                copy(copied..<(paragraph ? index - 3 : index))
                index += 3
            case 0x84:  // A table closes: the `</p>` after it goes too.
                copy(copied..<index)
                index += 3
                if follows("</p>", at: index) { index += 4 }
            default:
                index += 3
                continue
            }
            copied = index
        }
        copy(copied..<bytes.count)
    }

    /// Where the last `<img` of `bytes[start..<end]` begins.
    private static func lastImageTag(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        let tag = Array("<img".utf8)
        var offset = end - tag.count
        while offset >= start {
            if bytes[offset..<(offset + tag.count)].elementsEqual(tag) { return offset }
            offset -= 1
        }
        return nil
    }
}

/// What an image of a Markdown body gets besides what cmark writes: attributes after its alt
/// text, and HTML around it (a `<picture>` with its WebP `<source>`).
struct ImageMarkup: Sendable {
    var attributes: String
    var before = ""
    var after = ""
}
