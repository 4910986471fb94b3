/// What `<img>` needs besides its source, which cmark does not write: the
/// `width` and `height` of a local image (from its header, `ImageSizes`), so
/// the page does not shift while it loads, and `loading="lazy"` on every image
/// but the first, which is often in view at once. A photo published with
/// resized copies (`ResponsiveImage`) gets `srcset`, `sizes` and
/// `decoding="async"`, inside a `<picture>` whose `<source>` offers the WebP
/// copies. Left as marks at the end of the image's alt text, which
/// `OutputMarks` turns into attributes.
enum ImageAttributes {
    static func apply(to document: MarkdownNode, context: inout MarkdownContext) {
        guard let base = context.linkBase else { return }
        var index = 0
        for image in document.descendants where image.kind == .image {
            defer { index += 1 }
            var markup = ImageMarkup(attributes: "")
            if let url = image.url, let output = output(of: url, root: base.root), let size = base.images[output] {
                if let photo = ResponsivePicture(url: url, output: output, size: size) {
                    markup.attributes += " srcset=\"\(photo.sourceSet)\" sizes=\"\(ResponsiveImage.sizes)\""
                    if let webp = photo.webpSourceSet {
                        markup.before =
                            "<picture><source type=\"image/webp\" srcset=\"\(webp)\" sizes=\"\(ResponsiveImage.sizes)\">"
                        markup.after = "</picture>"
                    }
                }
                markup.attributes += " width=\"\(size.width)\" height=\"\(size.height)\""
                if size.resized != nil { markup.attributes += " decoding=\"async\"" }
            }
            if index > 0 { markup.attributes += " loading=\"lazy\"" }
            guard !markup.attributes.isEmpty else { continue }
            image.append(.text(OutputMarks.imageStart + String(context.imageAttributes.count) + OutputMarks.headingEnd))
            context.imageAttributes.append(markup)
        }
    }

    /// The output path a resolved link under the site's root names: `/club/img/a.png` → `img/a.png`.
    private static func output(of url: String, root: String) -> String? {
        guard url.hasPrefix(root), !url.hasPrefix("//") else { return nil }
        let path = url.dropFirst(root.count).prefix { $0 != "?" && $0 != "#" }
        return String(path).removingPercentEncodingOrSelf
    }
}
