import Synchronization

/// Makes the resized copies of a site's photos (`ResponsiveImage`) on all
/// cores, or finds them in the cache (`ImageCache`). A photo whose `stat` is
/// as the cache's index records is not read at all; one whose bytes and
/// settings were made before is read and hashed, not decoded. A photo that is
/// damaged, or has more pixels than `images.max_pixels` (refused on its
/// header's size, before any is decoded), is an error at the file.
struct ResponsiveImages: Sendable {
    /// The photos, by output path.
    var images: [String: ResponsiveImage] = [:]
    /// An error at each photo that cannot be published.
    var problems: [Diagnostic] = []
    /// The output paths of those photos (pages showing them get an error too).
    var refused: Set<String> = []
    /// Those refused for their number of pixels.
    var oversized: Set<String> = []
    /// What the run did, for `SITEGEN_TIMINGS=1`: photos read, and photos whose copies were made.
    var read = 0
    var made = 0

    /// Prepares the photos among `files`. Without a cache (`sitegen check`), headers are read and
    /// checked but no copy is made.
    /// `sizes`: what sitegen's own reading of the headers found (`ImageSizes`), checked against
    /// `images.max_pixels` before libvips sees the file.
    /// `published`: the output path of every file the site publishes as it is.
    static func prepare(
        _ files: [PublishedFile], sizes: [String: ImageSize], settings: ImageSettings, siteRoot: String,
        cache: ImageCache?, published: Set<String> = []
    ) -> ResponsiveImages {
        let photos = files.compactMap { file in VipsImage.Format(fileName: file.output).map { (file, $0) } }
        var result = ResponsiveImages()
        guard !photos.isEmpty else {
            try? cache?.keepOnly([])  // Nothing to keep; a failure only leaves old copies behind.
            return result
        }
        let index = cache?.index() ?? [:]
        let now = FileStatus.now()
        let outcomes = photos.parallelMap { file, format -> Outcome in
            prepare(
                file, format: format, size: sizes[file.output], settings: settings, siteRoot: siteRoot,
                known: index[file.fingerprint], cache: cache)
        }
        var nextIndex: [UInt64: ImageCache.Known] = [:]
        var keys: Set<UInt64> = []
        var withoutLibrary: [Diagnostic] = []
        for ((file, _), outcome) in zip(photos, outcomes) {
            // A copy may not take the place of a file the site publishes itself (an error at the photo only:
            // the photo is whole, pages show it).
            if case .success((let image?, _)) = outcome.result,
                let taken = image.copies.first(where: { $0.output != image.output && published.contains($0.output) })
            {
                result.problems.append(
                    Diagnostic(
                        at: SourceLocation(path: file.source),
                        "the resized copy \(taken.output) of this image would replace the file the site publishes there; rename one of them"
                    ))
                continue
            }
            // Without libvips every photo fails alike: one error, at the first, says so (below).
            if outcome.withoutLibrary {
                if case .failure(let problem) = outcome.result { withoutLibrary.append(problem) }
                continue
            }
            if outcome.read { result.read += 1 }
            if outcome.made { result.made += 1 }
            switch outcome.result {
            case .success(let (image, known)):
                // A file changed within the clock tick of its read may change again unseen: not indexed.
                if file.status.modified < now - SourceCache.racyWindow { nextIndex[file.fingerprint] = known }
                guard let image else { continue }
                result.images[image.output] = image
                keys.insert(image.key)
            case .failure(let problem):
                result.problems.append(problem)
                result.refused.insert(file.output)
                if outcome.oversized { result.oversized.insert(file.output) }
            }
        }
        if let first = withoutLibrary.min() { result.problems.append(first) }
        if let cache {
            do throws(FileSystemError) {
                if nextIndex != index { try cache.store(nextIndex) }
                if result.problems.isEmpty { try cache.keepOnly(keys) }
            } catch {
                result.problems.append(
                    Diagnostic(at: SourceLocation(path: cache.folder), "cannot keep resized images: \(error.reason)"))
            }
        }
        return result
    }

    /// What became of one photo: published responsively (or, animated, as it is) with what the
    /// index keeps of it, or refused.
    private struct Outcome: Sendable {
        var result: Result<(ResponsiveImage?, ImageCache.Known), Diagnostic>
        var read = false
        var made = false
        var oversized = false
        /// libvips could not be loaded.
        var withoutLibrary = false
    }

    /// The error at a photo libvips refused, or could not read because it is not installed.
    private static func diagnostic(
        _ failure: VipsImage.Failure, format: VipsImage.Format, at location: SourceLocation
    ) -> Diagnostic {
        switch failure.kind {
        case .refused:
            Diagnostic(
                at: location,
                "this \(format.name) image is damaged (libvips: \(failure.detail)); publish the whole file")
        case .notInstalled:
            Diagnostic(
                at: location,
                "publishing photos needs libvips, which cannot be loaded (\(failure.detail)); install it (`apt-get install libvips42` on Debian and Ubuntu, `brew install vips` on macOS, or `make deps` in sitegen's source folder)"
            )
        }
    }

    private static func prepare(
        _ file: PublishedFile, format: VipsImage.Format, size: ImageSize?, settings: ImageSettings, siteRoot: String,
        known: ImageCache.Known?, cache: ImageCache?
    ) -> Outcome {
        let location = SourceLocation(path: file.source)
        var outcome = Outcome(result: .failure(Diagnostic(at: location, "")))
        var bytes: [UInt8]? = nil
        func readBytes() throws(Diagnostic) -> [UInt8] {
            if let bytes { return bytes }
            outcome.read = true
            do {
                let read = try FileReader.read(siteRoot + "/" + file.source, limit: Int(file.status.size))
                bytes = read
                return read
            } catch {
                throw Diagnostic(at: location, "cannot read this image: \(error.reason)")
            }
        }
        func refuse(width: Int, height: Int) -> Diagnostic {
            outcome.oversized = true
            return Diagnostic(
                at: location,
                "this image is \(width) × \(height) pixels, more than images.max_pixels (\(settings.maxPixels)) in site.yml; make it smaller, or raise max_pixels if this is intended"
            )
        }
        do throws(Diagnostic) {
            // A decompression bomb is refused on the size its header says, before libvips reads it.
            if let size, size.width * size.height > settings.maxPixels {
                throw refuse(width: size.width, height: size.height)
            }
            let found: ImageCache.Known
            if let known {
                found = known
            } else {
                let read = try readBytes()
                var hash = StableHash()
                hash.combine(read)
                let header: VipsImage.Header
                do throws(VipsImage.Failure) {
                    header = try VipsImage.header(of: read)
                } catch {
                    outcome.withoutLibrary = error.kind == .notInstalled
                    throw diagnostic(error, format: format, at: location)
                }
                found = ImageCache.Known(contentHash: hash.value, header: header)
            }
            let header = found.header
            guard header.width * header.height <= settings.maxPixels else {
                throw refuse(width: header.width, height: header.height)
            }
            guard header.pages == 1 else {
                // An animated image is published as it is: its copies would hold one frame.
                outcome.result = .success((nil, found))
                return outcome
            }
            var key = StableHash()
            key.combine(found.contentHash)
            key.combine(settings.digest)
            key.combine(format.rawValue)
            let image = ResponsiveImage(
                output: file.output, format: format, width: header.width, height: header.height,
                widths: settings.widths.filter { $0 < header.width }, key: key.value,
                keepsOriginal: settings.keepsMetadata)
            if let cache, !cache.isComplete(image.key) {
                // Nothing goes into the cache for a photo libvips is not there to make.
                do throws(VipsImage.Failure) {
                    try VipsImage.load()
                } catch {
                    outcome.withoutLibrary = true
                    throw diagnostic(error, format: format, at: location)
                }
                let source = try readBytes()
                outcome.made = true
                try make(image, from: source, in: cache, settings: settings, location: location)
            }
            outcome.result = .success((image, found))
        } catch {
            outcome.result = .failure(error)
        }
        return outcome
    }

    /// Writes every copy of `image` into the cache: one resize per width, encoded in each format.
    private static func make(
        _ image: ResponsiveImage, from bytes: [UInt8], in cache: ImageCache, settings: ImageSettings,
        location: SourceLocation
    ) throws(Diagnostic) {
        var byWidth: [Int: [VipsImage.Format]] = [:]
        for copy in image.copies { byWidth[copy.width, default: []].append(copy.format) }
        // The original made anew takes the name `full.<ext>`; the others are `<width>.<ext>`.
        do {
            try cache.make(image.key) { folder in
                for width in byWidth.keys.sorted() {
                    let copies = image.copies.filter { $0.width == width }.map {
                        (folder + "/" + $0.cacheName, $0.format)
                    }
                    try VipsImage.write(
                        bytes, width: width, copies: copies, quality: settings.quality, strip: !settings.keepsMetadata)
                }
            }
        } catch let failure as VipsImage.Failure {
            throw diagnostic(failure, format: image.format, at: location)
        } catch let failure as FileSystemError {
            throw Diagnostic(at: location, "cannot keep the resized copies of this image: \(failure.reason)")
        } catch {
            throw Diagnostic(at: location, "cannot resize this image: \(error)")
        }
    }
}
