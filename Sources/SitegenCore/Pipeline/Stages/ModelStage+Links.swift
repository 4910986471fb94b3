/// The model stage's link check: every body's links against the whole site, on another core
/// while the values are made, and what each body's images make of its HTML.
extension ModelStage {
    /// The check of the site's links: what `pages`, the theme's assets and the published files are.
    static func linkCheck(_ content: SiteContent, pages: [PlannedPage], inputs: PlanInputs) -> LinkCheck {
        LinkCheck(
            pages: pages, assets: inputs.assets, files: content.files, kept: inputs.keep,
            loaded: content.sourceHashes, failed: content.failed,
            checksFragments: content.settings.markdownExtensions.contains(.headingAnchors),
            severity: content.settings.warnsOfBrokenLinks ? .warning : .error)
    }

    /// What the link check found: where links can arrive, the broken ones, and where each checked file's arrived.
    typealias CheckedLinks = (reach: LinkReach, broken: [Diagnostic], arrivals: [String: [UInt64]])

    /// Starts checking the links of `shown` on another core (the values are made meanwhile: neither
    /// needs the other), and works out what image sizes each body's HTML is made of. Links from the
    /// source cache are decoded only for the files checked (or for image sizes).
    static func checkLinks(
        _ check: LinkCheck, of shown: [String], cached: SourceCache, fresh: [String: [MarkdownLink]],
        anchors: [SourcePath: [String]], content: SiteContent, last: ModelMemo.Patchable?,
        linkIndex: LinkCheck.Index?, images: [String: ImageSize]
    ) -> (checked: InBackground<CheckedLinks>, imageDigests: [SourcePath: UInt64], bodyImages: [SourcePath: BodyImage])
    {
        @Sendable func links(of sources: [String]) -> [String: [MarkdownLink]] {
            Dictionary(
                uniqueKeysWithValues: sources.map { ($0, fresh[$0] ?? cached.entries[SourcePath($0)]?.links ?? []) })
        }
        let checked = InBackground { () -> CheckedLinks in
            var timer = PhaseTimer()
            // Where links can arrive is the last build's when only bodies changed and their `id`s did not.
            let reach =
                last.flatMap { last in
                    last.changed.allSatisfy { anchors[SourcePath($0)] == last.values.anchors[SourcePath($0)] }
                        ? last.values.linkReach : nil
                }
                ?? check.reach(sources: shown, anchors: anchors, settingsHash: content.sourceHashes["site.yml"] ?? 0)
            let (toCheck, checksNav) =
                cached.linkCheck?.toCheck(shown, fresh: Set(fresh.keys), reach: reach) { source, gone in
                    cached.entries[SourcePath(source)]?.arrived(atAnyOf: gone) ?? true
                } ?? (shown, true)
            timer.lap("model: where links can arrive, on another core")
            let (broken, arrivals) = check.problems(
                of: toCheck, links: links(of: toCheck), anchors: anchors,
                nav: checksNav ? content.settings.nav ?? [] : [], index: linkIndex)
            timer.lap("model: links checked (\(toCheck.count) files) on another core")
            return (reach: reach, broken: broken, arrivals: arrivals)
        }
        var imageDigests: [SourcePath: UInt64] = [:]
        var bodyImages: [SourcePath: BodyImage] = [:]
        if !images.isEmpty {
            if let last {
                let changed = links(of: Array(last.changed))
                imageDigests = last.values.imageDigests.filter { !last.changed.contains($0.key.text) }
                imageDigests.merge(Self.imageDigests(changed, sizes: images)) { $1 }
                bodyImages = last.values.bodyImages.filter { !last.changed.contains($0.key.text) }
                bodyImages.merge(Self.bodyImages(changed, sizes: images)) { $1 }
            } else {
                let all = links(of: shown)
                imageDigests = Self.imageDigests(all, sizes: images)
                bodyImages = Self.bodyImages(all, sizes: images)
            }
        }
        return (checked, imageDigests, bodyImages)
    }

    /// Keeps what the link check found in the source cache, for the next build: where each checked
    /// file's links arrived, where links can arrive, and the broken ones.
    static func record(
        _ arrivals: [String: [UInt64]], reach: LinkReach, broken: [Diagnostic], in sources: inout SourceCache
    ) {
        for (source, bits) in arrivals { sources.entries[SourcePath(source)]?.arrivals = bits }
        sources.linkCheck = LinkCheckMemo(reach: reach, problems: broken)
    }

    /// An error at each Markdown image of `sources` that shows a damaged image (reported at the file too).
    static func usesOfDamagedImages(
        _ sources: [String], fresh: [String: [MarkdownLink]], cached: SourceCache, damaged: Set<String>,
        oversized: Set<String>
    ) -> [Diagnostic] {
        sources.flatMap { source -> [Diagnostic] in
            let links = fresh[source] ?? cached.entries[SourcePath(source)]?.links ?? []
            return links.compactMap { link -> Diagnostic? in
                guard link.isImage, let output = imageOutput(of: link), damaged.contains(output) else { return nil }
                return Diagnostic(
                    at: SourceLocation(path: source, line: link.line, column: link.column),
                    oversized.contains(output)
                        ? "image \(link.written) has more pixels than images.max_pixels allows"
                        : "image \(link.written) is cut short or damaged; publish the whole file")
            }
        }
    }

    /// The output path of a local image a link shows, if it names one.
    private static func imageOutput(of link: MarkdownLink) -> String? {
        switch link.target {
        case .file(let sitePath): String(sitePath.drop { $0 != "/" }.dropFirst())
        case .address(let address): address
        default: nil
        }
    }

    /// For each body showing local images, a hash of their sizes: its HTML (`width`, `height`) is made of them.
    private static func imageDigests(_ links: [String: [MarkdownLink]], sizes: [String: ImageSize])
        -> [SourcePath: UInt64]
    {
        var digests: [SourcePath: UInt64] = [:]
        for (source, found) in links {
            var digest = StableHash()
            var any = false
            for link in found where link.isImage {
                let output: String
                switch link.target {
                case .file(let sitePath): output = String(sitePath.drop { $0 != "/" }.dropFirst())
                case .address(let address): output = address
                default: continue
                }
                guard let size = sizes[output] else { continue }
                digest.combine(output)
                digest.combine(UInt64(size.width))
                digest.combine(UInt64(size.height))
                digest.combine(size.resizedDigest)
                any = true
            }
            if any { digests[SourcePath(source)] = digest.value }
        }
        return digests
    }

    /// For each body showing a local image of a known size, the first: its page's link previews show it
    /// when its item names no image of its own.
    private static func bodyImages(_ links: [String: [MarkdownLink]], sizes: [String: ImageSize])
        -> [SourcePath: BodyImage]
    {
        var found: [SourcePath: BodyImage] = [:]
        for (source, links) in links {
            for link in links where link.isImage {
                guard let output = imageOutput(of: link), let size = sizes[output] else { continue }
                found[SourcePath(source)] = BodyImage(output: output, size: size)
                break
            }
        }
        return found
    }
}
