import Foundation

/// `lastmod: git`: each content file's `updated` date taken from the site's git history.
extension SiteContent {
    /// Sets the `updated` date of every post, plain page and item of a collection with a date
    /// field `updated` to its file's last commit's time (its modification time when it changed
    /// since, or git has never seen it), in the site's time zone. A changed date changes the
    /// item's model hash, so every page showing it is rendered again. A site git cannot read
    /// keeps its `updated` fields, with a warning at `lastmod`.
    mutating func takeLastModifiedDates(siteRoot: String) -> [Diagnostic] {
        guard settings.lastModifiedFromGit else { return [] }
        let history: GitHistory
        switch GitHistory.read(siteRoot: siteRoot) {
        case .success(let read): history = read
        case .failure(let unavailable):
            return [
                Diagnostic(
                    .warning, at: settings.lastModifiedLocation,
                    "lastmod: git, but \(unavailable.reason); each page's updated field is used instead")
            ]
        }
        let zone = settings.timeZone
        func date(_ source: String) -> ContentDate? {
            if !history.changed.contains(source), let seconds = history.committed[source] {
                return ContentDate(secondsSince1970: seconds, in: zone)
            }
            let path = siteRoot.hasSuffix("/") ? siteRoot + source : siteRoot + "/" + source
            guard let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
            else { return nil }  // Gone since it was read: the build that notices it reports it.
            return ContentDate(secondsSince1970: Int64(modified.timeIntervalSince1970.rounded(.down)), in: zone)
        }
        for index in posts.indices {
            let source = posts[index].sourcePath
            guard let date = date(source), posts[index].updated != date else { continue }
            posts[index].fieldValues["updated"] = .date(date)
            noteChange(of: source, to: date)
        }
        for index in pages.indices {
            let source = pages[index].sourcePath
            guard let date = date(source), pages[index].updated != date else { continue }
            pages[index].updated = date
            noteChange(of: source, to: date)
        }
        for schema in settings.collections.declared where schema.field(named: "updated")?.type == .date {
            guard var entries = items[schema.name] else { continue }
            for index in entries.indices {
                let source = entries[index].sourcePath
                guard let date = date(source), entries[index].values["updated"] != .date(date) else { continue }
                entries[index].values["updated"] = .date(date)
                noteChange(of: source, to: date)
            }
            if schema.sort.by == "updated" { entries.sort { schema.sort.orders($0, before: $1, in: schema) } }
            items[schema.name] = entries
        }
        return []
    }

    /// A file's model took another `updated` date: its hash says so.
    private mutating func noteChange(of source: String, to date: ContentDate) {
        let key = SourcePath(source)
        var hash = StableHash()
        hash.combine(modelHashes[key] ?? 0)
        hash.combine(UInt64(bitPattern: date.secondsSince1970))
        hash.combine(UInt64(bitPattern: Int64(date.offset)))
        modelHashes[key] = hash.value
    }
}
