/// Plan: every file the output will hold, and for each page whether it would
/// render the same as last time (`PageCheck` on its recorded reads): those
/// keep their record and fingerprint; the others are rendered. Theme assets
/// and published files are named by their bytes' hash or their source's `stat`.
struct PlanStage {
    /// One file of the output. A class: plans of thousands of files are handed
    /// from stage to stage and filtered, and each copy of a struct this size
    /// retained every one of its fields.
    final class Output: Sendable {
        /// Its path in the output.
        let path: OutputPath
        /// The page rendered into it, or `nil` for a theme asset or a published file.
        let page: PlannedPage?
        /// A theme asset's bytes.
        let asset: [UInt8]
        /// The file copied into it as it is (`static/`, a page bundle's files).
        let file: PublishedFile?
        /// The cache file of a photo's copy copied into it (`ResponsiveImage`, `ImageCache`).
        let cached: String?
        /// The fingerprint of its bytes, when known before rendering: an asset's
        /// hash, or an unchanged page's recorded fingerprint.
        let fingerprint: UInt64?
        /// An unchanged page's record, carried over to the next state.
        let record: PageRecord?
        /// A changed page's record from the last build: what it read then.
        let previous: PageRecord?

        init(
            path: OutputPath, page: PlannedPage?, asset: [UInt8] = [], file: PublishedFile? = nil,
            cached: String? = nil, fingerprint: UInt64? = nil, record: PageRecord? = nil, previous: PageRecord? = nil
        ) {
            self.cached = cached
            self.path = path
            self.page = page
            self.asset = asset
            self.file = file
            self.fingerprint = fingerprint
            self.record = record
            self.previous = previous
        }
    }

    /// Every output file, in output-path order.
    struct Plan: Sendable {
        var outputs: [Output]
        /// How many outputs must be rendered.
        var changed: Int { outputs.count { $0.fingerprint == nil } }
    }

    /// `recordsOfLastModel`: `previous` is the state of the build whose model `modeled`'s was patched from.
    /// `imageCache`: where the photos' copies are (`ModelStage.Modeled.photos`).
    static func plan(
        _ modeled: ModelStage.Modeled, previous: [OutputPath: PageRecord], recordsOfLastModel: Bool = false,
        imageCache: ImageCache? = nil
    ) -> Plan {
        if previous.isEmpty { PhaseTimer.note("plan: no record of an earlier build; every page is rendered") }
        var preparing = PageCheck(model: modeled.model, theme: modeled.theme, recordsOfLastModel: recordsOfLastModel)
        var timer = PhaseTimer()
        preparing.prepare(previous.values)  // A record of a page no longer planned only adds a verdict.
        let check = preparing
        timer.lap("plan: shared reads checked")
        let values = modeled.model.pages  // In the order of `modeled.pages`.
        var outputs = Array(modeled.pages.indices).parallelMap { index -> Output in
            let page = modeled.pages[index]
            let path = OutputPath(page.output)
            let record = previous[path]
            guard let record, record.wasRendered(with: page.template), check.isUnchanged(values[index], record: record)
            else {
                return Output(path: path, page: page, previous: record)
            }
            return Output(path: path, page: page, fingerprint: record.fingerprint, record: record)
        }
        timer.lap("plan: pages checked")
        for (path, bytes) in modeled.theme.assets {
            var hash = StableHash()
            hash.combine(path)
            hash.combine(bytes)
            outputs.append(Output(path: OutputPath(path), page: nil, asset: bytes, fingerprint: hash.value))
        }
        for file in modeled.model.content.files {
            // A photo's copies come from the cache; its original too, unless it is kept as it is.
            if let photo = modeled.photos[file.output], let imageCache {
                for copy in photo.copies {
                    outputs.append(
                        Output(
                            path: OutputPath(copy.output), page: nil,
                            cached: imageCache.path(of: photo.key) + "/" + copy.cacheName,
                            fingerprint: photo.fingerprint(of: copy)))
                }
                if !photo.keepsOriginal { continue }
            }
            outputs.append(Output(path: OutputPath(file.output), page: nil, file: file, fingerprint: file.fingerprint))
        }
        outputs.sortByBytes(of: \.path.text)
        return Plan(outputs: outputs)
    }
}
