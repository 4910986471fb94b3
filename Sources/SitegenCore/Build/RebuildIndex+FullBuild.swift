extension RebuildIndex {
    /// The index a full build leaves for the next one, or `nil` when the next
    /// build could not use one: the staging tree (the previous output) has no
    /// manifest, or holds another set of files than the new output.
    static func afterFullBuild(
        _ prepared: BuildPipeline.Prepared, result: PageWriter.Result, previous: BuildManifest?, output: OutputFolder,
        siteRoot: String
    ) -> RebuildIndex? {
        guard let previous, previous.files.count == result.manifest.files.count,
            let live = ManifestIdentity(path: output.manifestPath),
            let staging = ManifestIdentity(path: output.stagingManifestPath), staging.changed == previous.written
        else { return nil }
        var files: [OutputFile] = []
        files.reserveCapacity(result.manifest.files.count)
        var fileIndex: [String: Int] = [:]
        fileIndex.reserveCapacity(result.manifest.files.count)
        for (path, entry) in result.manifest.files.sorted(by: { $0.key < $1.key }) {
            guard let old = previous.files[path] else { return nil }
            fileIndex[path] = files.count
            files.append(OutputFile(path: path, live: entry, staging: old))
        }

        let content = prepared.content
        var outputs: [String: [Int]] = [:]
        for page in prepared.pages {
            if let source = page.source, let index = fileIndex[page.output] { outputs[source, default: []].append(index) }
        }
        var excerptLimits: [String: Int] = [:]
        for post in content.posts { excerptLimits[post.sourcePath] = RenderedSite.postExcerptLength }
        for item in content.menu { excerptLimits[item.sourcePath] = RenderedSite.menuExcerptLength }
        let feed = Set(content.posts.prefix(FeedWriter.entryLimit).map(\.sourcePath))
        let sources = prepared.sourceCache.entries.sorted(by: { $0.key < $1.key }).map { path, entry in
            let limit = excerptLimits[path] ?? 0
            return Source(
                path: path, status: entry.status, hash: entry.hash, modelHash: entry.modelHash, excerptLimit: limit,
                excerptHash: limit == 0 ? 0 : StableHash.of(result.excerpts[path] ?? ""), inFeed: feed.contains(path),
                outputs: outputs[path] ?? [], warnings: entry.warnings.map(Warning.init))
        }
        let folders = StagingSync.parentFolders(of: files.map(\.path)).filter { !$0.isEmpty }.sorted()
        return RebuildIndex(
            siteRoot: siteRoot, global: result.global, written: prepared.sourceCache.written, live: live,
            staging: staging, pageCount: prepared.pages.count, sources: sources,
            contentFolders: prepared.scan.folders.map { Folder(path: $0.path, status: $0.status) },
            scanWarnings: prepared.scan.diagnostics.map(Warning.init), files: files, folders: folders)
    }
}
