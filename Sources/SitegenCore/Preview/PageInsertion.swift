/// Adds the preview's own tags to a page as it is sent (never to `build`'s output).
enum PageInsertion {
    /// The page with `text` before the first (or the last) `tag` in it, which is compared without
    /// regard to ASCII case (`</BODY>`); `nil` when the page has no such tag.
    static func insert(_ text: String, before tag: String, in page: [UInt8], last: Bool) -> [UInt8]? {
        let tag = Array(tag.utf8)
        guard page.count >= tag.count else { return nil }
        let starts = 0...(page.count - tag.count)
        let matches = { (index: Int) in zip(page[index..<index + tag.count], tag).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
        guard let index = last ? starts.reversed().first(where: matches) : starts.first(where: matches) else {
            return nil
        }
        return Array(page[..<index]) + Array(text.utf8) + Array(page[index...])
    }
}
