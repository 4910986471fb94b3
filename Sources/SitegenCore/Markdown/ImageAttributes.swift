/// What `<img>` needs besides its source, which cmark does not write: the
/// `width` and `height` of a local image (from its header, `ImageSizes`), so
/// the page does not shift while it loads, and `loading="lazy"` on every image
/// but the first, which is often in view at once. Left as marks at the end of
/// the image's alt text, which `OutputMarks` turns into attributes.
enum ImageAttributes {
    static func apply(to document: MarkdownNode, context: inout MarkdownContext) {
        guard let base = context.linkBase else { return }
        var index = 0
        for image in document.descendants where image.kind == .image {
            defer { index += 1 }
            var attributes = ""
            if let url = image.url, let output = output(of: url, root: base.root), let size = base.images[output] {
                attributes += " width=\"\(size.width)\" height=\"\(size.height)\""
            }
            if index > 0 { attributes += " loading=\"lazy\"" }
            guard !attributes.isEmpty else { continue }
            image.append(.text(OutputMarks.imageStart + String(context.imageAttributes.count) + OutputMarks.headingEnd))
            context.imageAttributes.append(attributes)
        }
    }

    /// The output path a resolved link under the site's root names: `/club/img/a.png` → `img/a.png`.
    private static func output(of url: String, root: String) -> String? {
        guard url.hasPrefix(root), !url.hasPrefix("//") else { return nil }
        let path = url.dropFirst(root.count).prefix { $0 != "?" && $0 != "#" }
        return String(path).removingPercentEncodingOrSelf
    }
}
