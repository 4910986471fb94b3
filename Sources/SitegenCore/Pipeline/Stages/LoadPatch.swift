/// Load for a build that knows exactly which files changed since the last one
/// in the same process (the preview server: its watcher says): the last load's
/// value with those files read again, instead of scanning and stating every
/// file of the site. It declines, so that the build loads everything, unless
/// every change is to a content file the last load read, still there, still
/// of its kind, without errors, published before and after, and the build's
/// now has not passed a post's date; `SITEGEN_TIMINGS=1` says why it declined.
/// A change in `data/` reads that folder again, whole, as a full load does.
struct LoadPatch {
    let options: BuildOptions

    /// Why a patch was declined.
    struct Declined: Error {
        let reason: String
    }

    /// The last load with `changed` (paths relative to the site) read again.
    func patch(_ last: LoadStage.Loaded, changed: Set<String>) -> Result<LoadStage.Loaded, Declined> {
        let publishing = options.publishing
        var next = last
        var content = last.content
        guard publishing.includeDrafts == last.publishing.includeDrafts,
            publishing.includeFuture == last.publishing.includeFuture, publishing.now >= content.now
        else { return .failure(Declined(reason: "the options or the clock changed")) }
        if let due = content.nextPublication, due <= publishing.now {
            return .failure(Declined(reason: "a post's time has come"))
        }
        // The feed's `updated` is the newest date not after now: no post may lie between the two nows.
        if publishing.now != content.now,
            content.posts.contains(where: {
                ($0.date?.secondsSince1970).map { $0 > content.now && $0 <= publishing.now } ?? false
            })
        {
            return .failure(Declined(reason: "the build's now passed a post's date"))
        }
        content.now = publishing.now
        next.publishing = publishing
        let root = options.siteRoot.path
        // A data file changed, came or went: the whole folder is read again (a few small files),
        // as a full load reads it, its warnings in place of the last ones. Errors are a full load's to report.
        let dataChanged = changed.contains { $0 == "data" || $0.hasPrefix("data/") }
        var dataWarnings: [Diagnostic] = []
        if dataChanged {
            let data = DataFolder(siteRoot: root, maxFileSize: content.settings.maxFileSize).load()
            guard !data.diagnostics.contains(where: { $0.severity == .error }) else {
                return .failure(Declined(reason: "a data file has errors"))
            }
            content.data = data.files
            dataWarnings = data.diagnostics
        }
        for path in changed.sorted() where path != "data" && !path.hasPrefix("data/") {
            let key = SourcePath(path)
            guard path.hasPrefix("content/"), path.endsWithBytes(".md"), let old = last.sources.entries[key]?.item,
                content.sourceHashes[key] != nil
            else { return .failure(Declined(reason: "\(path) is not a content file the last build read")) }
            guard let status = FileStatus(path: root + "/" + path) else {
                return .failure(Declined(reason: "\(path) is gone"))
            }
            let read = SiteLoader.loadItem(
                ContentFile(path: path), siteRoot: root, maxFileSize: content.settings.maxFileSize,
                collections: content.settings.collections)
            guard let item = read.item, !read.diagnostics.contains(where: { $0.severity == .error }),
                content.replace(old, with: item, at: path, publishing: publishing)
            else { return .failure(Declined(reason: "\(path) changed kind, publication or has errors")) }
            let modelHash = SourceCache.modelHash(of: item)
            content.sourceHashes[key] = read.hash
            content.modelHashes[key] = modelHash
            content.bodyLines[key] = read.bodyLine
            content.unloadedBodies.remove(key)
            // As a full load leaves it; the cache's `written` stays the last full load's, so a
            // later one reads this file again rather than trust a status this close to it.
            next.sources.entries[key] = SourceCache.Entry(
                status: status, hash: read.hash, modelHash: modelHash, item: item, warnings: read.diagnostics)
        }
        // As a full load reports them: each file's warnings as its cache entry keeps them (with
        // what its Markdown said when it was last rendered), and the others as they were.
        let entries = next.sources.entries
        next.warnings =
            (last.warnings.filter {
                entries[SourcePath($0.location.path)] == nil
                    && !(dataChanged && ($0.location.path == "data" || $0.location.path.hasPrefix("data/")))
            }
            + entries.values.flatMap(\.warnings) + dataWarnings).sorted()
        content.sort()
        next.content = content
        return .success(next)
    }
}

extension SiteContent {
    /// Puts `item` (read from `path`) where `old` was, both published; false when that cannot be.
    fileprivate mutating func replace(
        _ old: SiteLoader.Item, with item: SiteLoader.Item, at path: String, publishing: Publishing
    ) -> Bool {
        switch (old, item) {
        case (.post, .post(let read)):
            let post = read.placed(in: settings.timeZone)
            guard publishing.publishes(post), let index = posts.firstIndex(where: { $0.sourcePath == path }) else {
                return false
            }
            posts[index] = post
        case (.menuItem, .menuItem(let entry)):
            guard let index = menu.firstIndex(where: { $0.sourcePath == path }) else { return false }
            menu[index] = entry.placed(in: settings.timeZone)
        case (.profile, .profile(let profile)):
            guard let index = profiles.firstIndex(where: { $0.sourcePath == path }) else { return false }
            profiles[index] = profile.placed(in: settings.timeZone)
        case (.page, .page(let page)):
            guard let index = pages.firstIndex(where: { $0.sourcePath == path }) else { return false }
            pages[index] = page.placed(in: settings.timeZone)
        case (.primes, .primes(let primes)): self.primes = primes
        case (.item(let oldItem), .item(let item)) where oldItem.collection == item.collection:
            let placed = item.placed(in: settings.timeZone)
            guard let index = items[item.collection]?.firstIndex(where: { $0.sourcePath == path }) else { return false }
            items[item.collection]![index] = placed
        default: return false
        }
        return true
    }
}
