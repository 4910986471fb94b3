/// The `image` fields of items: where a page shows each (resolved as a Markdown image is, from
/// the item's file), its size, and an error for a local image the site does not publish.
enum CollectionImages {
    /// The URL a page shows `image` at, and the output path of a local one (`nil` for a remote one).
    static func resolve(_ image: ImageReference, source: String, root: String) -> (url: String, output: String?) {
        guard !image.isRemote,
            let (url, target, _) = LinkResolution.resolve(image.source, from: LinkBase(source: source, root: root))
        else { return (image.source, nil) }
        switch target {
        case .file(let sitePath): return (url, String(sitePath.drop { $0 != "/" }.dropFirst()))
        case .address(let address): return (url, address)
        default: return (url, nil)
        }
    }

    /// An error at each local image of `values` (read from `source`) that the site does not publish.
    static func problems(
        _ values: [String: FieldValue], source: String, root: String, published: Set<String>
    ) -> [Diagnostic] {
        values.keys.sorted().compactMap { name -> Diagnostic? in
            guard case .image(let image)? = values[name], !image.isRemote else { return nil }
            let location = SourceLocation(path: source, line: image.line, column: image.column)
            let written = "\(name) names \"\(image.source)\""
            guard let (_, target, _) = LinkResolution.resolve(image.source, from: LinkBase(source: source, root: root))
            else { return nil }
            switch target {
            case .file(let sitePath):
                let output = String(sitePath.drop { $0 != "/" }.dropFirst())
                return published.contains(output)
                    ? nil : Diagnostic(at: location, "\(written), but there is no \(sitePath)")
            case .address(let address):
                return published.contains(address)
                    ? nil
                    : Diagnostic(
                        at: location,
                        "\(written), but the site publishes no /\(address) (put the image at static/\(address))")
            default:
                return Diagnostic(at: location, "\(written), which is not a file of content/ or static/")
            }
        }
    }

    /// A hash of the sizes of the local images of `values`: what an item's value shows of them.
    static func digest(
        _ values: [String: FieldValue], source: String, root: String, sizes: [String: ImageSize]
    ) -> UInt64 {
        var digest = StableHash()
        for name in values.keys.sorted() {
            guard case .image(let image)? = values[name], let output = resolve(image, source: source, root: root).output
            else { continue }
            let size = sizes[output]
            digest.combine(output)
            digest.combine(UInt64(size?.width ?? 0))
            digest.combine(UInt64(size?.height ?? 0))
            digest.combine(size?.resizedDigest ?? 0)
        }
        return digest.value
    }
}
