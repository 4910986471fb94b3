/// The short way's work on the output trees: checking them, filling the
/// staging tree, and leaving the index for the next build.
extension QuickRebuild {
    /// Finds the files the staging tree lacks in their current form (those the
    /// last build changed, or touched by hand), to copy from the live tree;
    /// `false` when a tree was changed beyond that.
    func stagingLacks(_ plan: inout Plan, index: RebuildIndex, output: OutputFolder) -> Bool {
        let topLevel = Set(index.files.lazy.map(\.path).filter { !$0.utf8.contains(UInt8(ascii: "/")) })
        guard
            StagingSync.untouched(
                output.stagingPath, folders: index.folders, topLevel: topLevel, written: index.staging.changed)
        else { return false }
        let untouched = StagingSync.untouched(
            output.stagingPath, files: index.files.map { ($0.path, $0.staging.size) }, written: index.staging.changed)
        plan.copies = index.files.indices.filter { number in
            let file = index.files[number]
            return plan.fingerprints[number] == nil && !(untouched[number] && file.staging.fingerprint == file.live.fingerprint)
        }
        guard plan.copies.count <= Self.changeLimit else { return false }
        let sources = StagingSync.untouched(
            output.path, files: plan.copies.map { (index.files[$0].path, index.files[$0].live.size) },
            written: index.live.changed)
        return !sources.contains(false)
    }

    /// Brings the staging tree up to date: copies, redone pages, the feed.
    /// Returns the size of each file written, by index in `RebuildIndex.files`.
    func write(_ plan: Plan, index: RebuildIndex, inputs: Inputs, output: OutputFolder) throws -> [Int: Int] {
        let staging = output.stagingPath
        try FileWriter.removeTree(output.stagingManifestPath)  // The tree is about to change.
        var sizes: [Int: Int] = [:]
        for number in plan.copies {
            let path = index.files[number].path
            let bytes = try FileReader.read(output.path + "/" + path)
            try FileWriter.removeTree(staging + "/" + path)
            try FileWriter.write(bytes, to: staging + "/" + path)
            sizes[number] = bytes.count
        }
        var selection = MarkdownSelection.all
        selection.rendered = plan.rendered
        let site = RenderedSite(content: plan.content, markdown: selection)
        for page in plan.pages { try FileWriter.removeTree(staging + "/" + page.output) }
        let writer = PageWriter(options: options, staging: staging, progress: { _ in })
        let files = Dictionary(uniqueKeysWithValues: plan.fingerprints.keys.map { (index.files[$0].path, $0) })
        for (path, size) in try writer.render(plan.pages, site: site, library: inputs.theme.library) {
            sizes[files[path]!] = size
        }
        if let feed = plan.feed {
            let xml = FeedWriter.atom(site)
            try FileWriter.removeTree(staging + "/feed.xml")
            try FileWriter.write(xml, to: staging + "/feed.xml")
            sizes[feed] = xml.utf8.count
        }
        return sizes
    }

    /// Leaves the index for the next build: the live tree is the one just
    /// made, the staging tree the one it replaced.
    func saveIndex(
        after index: RebuildIndex, changes: Changes, entries: [BuildManifest.Entry], statusTime: Int64,
        output: OutputFolder
    ) {
        guard let live = RebuildIndex.ManifestIdentity(path: output.manifestPath) else {
            try? FileWriter.removeTree(output.rebuildIndexPath)
            return
        }
        var next = index
        next.written = statusTime
        next.live = live
        next.staging = index.live
        for (number, status) in changes.statuses.enumerated() { next.sources[number].status = status }
        for (number, warnings) in changes.reread { next.sources[number].warnings = warnings.map(RebuildIndex.Warning.init) }
        next.contentFolders = changes.folders
        next.scanWarnings = changes.scanWarnings
        for edit in changes.edits { next.sources[edit.source].hash = edit.hash }
        for (number, entry) in entries.enumerated() {
            next.files[number].staging = index.files[number].live
            next.files[number].live = entry
        }
        if (try? FileWriter.write(next.encoded, to: output.rebuildIndexPath)) == nil {
            try? FileWriter.removeTree(output.rebuildIndexPath)
        }
    }
}
