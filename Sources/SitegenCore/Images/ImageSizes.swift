/// The pixel sizes of a site's published images (`static/`, bundles), read
/// from their headers on every build, so pages can give `<img>` its `width`
/// and `height` and nothing shifts while images load. An image whose header
/// says nothing believable is shown without them, with a warning.
struct ImageSizes: Sendable {
    /// Width and height by output path (`posts/trip/photo.jpg`).
    var sizes: [String: ImageSize] = [:]
    /// Warnings, and an error for each image that is not whole.
    var warnings: [Diagnostic] = []
    /// The output paths of the images that are not whole, or refused (`oversized` among them).
    var damaged: Set<String> = []
    /// The output paths of the images refused for their number of pixels (`images.max_pixels`).
    var oversized: Set<String> = []

    /// Takes the photos' sizes turned upright and the widths of their copies, and their problems.
    mutating func take(_ photos: ResponsiveImages) {
        for (output, photo) in photos.images {
            sizes[output] = ImageSize(width: photo.width, height: photo.height, resized: photo.widths)
        }
        warnings += photos.problems
        damaged.formUnion(photos.refused)
        oversized.formUnion(photos.oversized)
    }

    /// Reads the header of every published file that is a PNG, JPEG, GIF, WebP or SVG image, on all cores.
    static func measure(_ files: [PublishedFile], siteRoot: String) -> ImageSizes {
        let images = files.compactMap { file in ImageHeader.Format(fileName: file.output).map { (file, $0) } }
        let measured = images.parallelMap { (file, format) -> Result<ImageSize?, Diagnostic> in
            let bytes: [UInt8]
            let whole: Bool
            do throws(FileSystemError) {
                let ends = try FileReader.readEnds(
                    siteRoot + "/" + file.source, prefix: ImageHeader.prefixLength, suffix: ImageHeader.suffixLength)
                bytes = ends.head
                whole = ImageHeader.isWhole(head: ends.head, tail: ends.tail, size: ends.size, format: format)
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
            guard whole else {
                return .failure(
                    Diagnostic(
                        at: SourceLocation(path: file.source),
                        "this \(String(describing: format).uppercased()) image is cut short or damaged (\(ImageHeader.end(of: format))); publish the whole file"
                    ))
            }
            return .success(ImageSize(width: width, height: height))
        }
        var result = ImageSizes()
        // A damaged image is an error at the file and, where Markdown shows it, there too (`damaged`).
        for ((file, _), outcome) in zip(images, measured) {
            switch outcome {
            case .success(let size?): result.sizes[file.output] = size
            case .success(nil): break
            case .failure(let problem):
                result.warnings.append(problem)
                if problem.severity == .error { result.damaged.insert(file.output) }
            }
        }
        return result
    }
}

/// An image's width and height in pixels.
struct ImageSize: Sendable, Hashable {
    var width: Int
    var height: Int
    /// The widths of its resized copies when it is published with them (`ResponsiveImage`), else `nil`.
    var resized: [Int]? = nil

    /// What pages show of `resized` (`srcset`), for the digests of what they are made of.
    var resizedDigest: UInt64 {
        guard let resized else { return 0 }
        var hash = StableHash()
        hash.combine("resized")
        for width in resized { hash.combine(UInt64(width)) }
        return hash.value
    }
}
