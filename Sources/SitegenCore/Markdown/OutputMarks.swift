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
    static func finish(_ output: UnsafePointer<CChar>, anchors: [String], images: [String] = []) -> String {
        let length = strlen(output)
        return output.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            let bytes = UnsafeBufferPointer(start: start, count: length)
            // Every mark is U+E000…U+E005: EE 80 80…85 in UTF-8.
            let lead: [UInt8] = [0xEE, 0x80]
            let marked = lead.withUnsafeBytes { ByteSearch.find($0, in: UnsafeRawBufferPointer(bytes)) != nil }
            guard marked else { return String(decoding: bytes, as: UTF8.self) }
            return String(decoding: acted(on: bytes, anchors: anchors, images: images), as: UTF8.self)
        }
    }

    private static func acted(on bytes: UnsafeBufferPointer<UInt8>, anchors: [String], images: [String]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + anchors.count * 24)
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
                result += bytes[copied..<(isHeading ? index - 1 : index)]
                if isHeading { result += Array(" id=\"\(anchors[number])\">".utf8) }
                index = after
            // An image's attributes: after the alt text's closing quote, its first `"` (cmark escapes the others).
            case 0x85:
                guard let (number, after) = numbered(at: index, below: images.count) else {
                    index += 3
                    continue
                }
                result += bytes[copied..<index]
                index = after
                if let quote = bytes[index...].firstIndex(of: UInt8(ascii: "\"")) {
                    result += bytes[index...quote]
                    result += Array(images[number].utf8)
                    index = quote + 1
                }
            case 0x83:  // A table opens: the `<p>` before it goes too.
                let paragraph = index - copied >= 3 && follows("<p>", at: index - 3)
                result += bytes[copied..<(paragraph ? index - 3 : index)]
                index += 3
            case 0x84:  // A table closes: the `</p>` after it goes too.
                result += bytes[copied..<index]
                index += 3
                if follows("</p>", at: index) { index += 4 }
            default:
                index += 3
                continue
            }
            copied = index
        }
        result += bytes[copied...]
        return result
    }
}
