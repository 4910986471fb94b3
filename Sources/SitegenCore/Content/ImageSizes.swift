/// The pixel sizes of a site's published images (`static/`, bundles), read
/// from their headers on every build, so pages can give `<img>` its `width`
/// and `height` and nothing shifts while images load. An image whose header
/// says nothing believable is shown without them, with a warning.
struct ImageSizes: Sendable {
    /// Width and height by output path (`posts/trip/photo.jpg`).
    var sizes: [String: ImageSize] = [:]
    var warnings: [Diagnostic] = []

    /// Reads the header of every published file that is a PNG, JPEG, GIF, WebP or SVG image, on all cores.
    static func measure(_ files: [PublishedFile], siteRoot: String) -> ImageSizes {
        let images = files.compactMap { file in ImageHeader.Format(fileName: file.output).map { (file, $0) } }
        let measured = images.parallelMap { (file, format) -> Result<ImageSize?, Diagnostic> in
            let bytes: [UInt8]
            do throws(FileSystemError) {
                bytes = try FileReader.readPrefix(siteRoot + "/" + file.source, length: ImageHeader.prefixLength)
            } catch {
                return .failure(
                    Diagnostic(
                        .warning, at: SourceLocation(path: file.source), "cannot read this image: \(error.reason)"))
            }
            guard let (width, height) = ImageHeader.size(of: bytes, format: format) else {
                if format == .svg { return .success(nil) }  // An SVG without a size scales to its box.
                return .failure(
                    Diagnostic(
                        .warning, at: SourceLocation(path: file.source),
                        "cannot tell this image's size (it is no \(String(describing: format).uppercased()) image, or its header is damaged); pages show it without width and height"
                    ))
            }
            return .success(ImageSize(width: width, height: height))
        }
        var result = ImageSizes()
        for ((file, _), outcome) in zip(images, measured) {
            switch outcome {
            case .success(let size?): result.sizes[file.output] = size
            case .success(nil): break
            case .failure(let warning): result.warnings.append(warning)
            }
        }
        return result
    }
}

/// An image's width and height in pixels.
struct ImageSize: Sendable, Hashable {
    var width: Int
    var height: Int
}
