/// A rebuild that changed a few files and pages stores only what its state
/// holds beyond the last whole one (`OutputFolder.changesFilePath`, beside
/// the state's file) instead of writing every entry and record again (15 MB at
/// 10k posts, a sixth of an unchanged site's rebuild).
///
/// The changes are counted from the whole state, not from the build before,
/// so there is only ever one file of them: each build replaces it, and
/// reading the state is reading the whole one and laying the changes over it.
/// They name the hash of the state they were made against and are ignored
/// beside any other (a whole state written since, by a build killed before it
/// removed them), which leaves an older state: slower, never wrong, since
/// trees are trusted by status-change time and sources by `stat`. A build
/// writes the whole state again once its changes grow past a sixteenth of
/// it (`changesLimit`): laying them over it costs a read more with every
/// megabyte, and a whole write costs as much as laying over a few.
extension BuildState {
    private static let changesHeader = "sitegen-changes 2 \(SitegenVersion.build)\n"

    /// The whole state a build read, as its file holds it: what changes are counted from.
    final class Base: Sendable {
        /// The hash its file ends with.
        let hash: UInt64
        /// Its file's `stat` when read: changes are written only against the file still there.
        let file: FileStatus
        /// Its bytes: an entry of the source cache whose stored form lies in them is the base's, unchanged.
        let bytes: StoredBytes
        let entries: [SourcePath: SourceCache.Entry]
        let linkCheck: LinkCheckMemo?
        let pages: [OutputPath: PageRecord]
        /// Its trees in their stored order, not yet matched to folders.
        let trees: [TreeRecord]
        /// What the changes laid over it removed from it (sorted), and from each tree by its root:
        /// most often all that is gone from it since.
        let removedEntries: [SourcePath]
        let removedPages: [OutputPath]
        let removedFiles: [UInt64: [OutputPath]]

        init(
            hash: UInt64, file: FileStatus, bytes: StoredBytes, of state: BuildState, removedBy changes: Changes? = nil
        ) {
            self.hash = hash
            self.file = file
            self.bytes = bytes
            entries = state.sources.entries
            linkCheck = state.sources.linkCheck
            pages = state.pages
            trees = [state.live, state.staging].compactMap { $0 }
            removedEntries = changes?.removedEntries ?? []
            removedPages = changes?.removedPages ?? []
            var removedFiles: [UInt64: [OutputPath]] = [:]
            for (tree, removed) in zip([changes?.state.live, changes?.state.staging], changes?.removedFiles ?? []) {
                if let tree { removedFiles[tree.root] = removed }
            }
            self.removedFiles = removedFiles
        }
    }

    /// What a state holds beyond its base.
    struct Changes: Sendable {
        /// The hash of the base.
        var base: UInt64
        /// The source cache's changed entries (and its other fields), the changed pages, and each
        /// tree's root and time with its changed files.
        var state = BuildState()
        /// The source cache's link check memo against the base's.
        var linkCheck = LinkCheckChange.whole
        var removedEntries: [SourcePath] = []
        var removedPages: [OutputPath] = []
        /// Files gone from the live tree and from the staging tree.
        var removedFiles: [[OutputPath]] = [[], []]
    }

    /// How the link check memo of changes stands against their base's: stored whole in their
    /// source cache, the base's, or the base's with a few places added and removed.
    enum LinkCheckChange: Sendable, Equatable {
        case whole
        case same
        case edit(LinkCheckMemo.Edit)
    }

    /// One of the parts of `changes(since:)`, worked out side by side.
    private enum ChangedPart: Sendable {
        case entries([SourcePath: SourceCache.Entry], removed: [SourcePath])
        case pages([OutputPath: PageRecord], removed: [OutputPath])
        case tree(TreeRecord?, removed: [OutputPath])
    }

    /// The most bytes of changes stored beside a whole state of `size` bytes: a sixteenth of it,
    /// or up to 64 KiB (if not over a quarter of it) for a small site's.
    static func changesLimit(besides size: Int64) -> Int64 { max(size / 16, min(size / 4, 1 << 16)) }

    /// What this state holds beyond `base`; `nil` when that is clearly too much to store
    /// alone (over an eighth of its entries, pages and files).
    func changes(since base: Base) -> Changes? {
        let parts = [0, 1, 2, 3].parallelMap { part -> ChangedPart in
            switch part {
            case 0:
                // Entries read from the base are in its bytes; any other was read again, or from changes.
                var changed: [SourcePath: SourceCache.Entry] = [:]
                var kept = 0
                for (path, entry) in sources.entries {
                    if entry.isStored(in: base.bytes) { kept += 1 } else { changed[path] = entry }
                }
                let present = kept + changed.keys.count { base.entries[$0] != nil }
                return .entries(
                    changed,
                    removed: Self.gone(
                        from: base.entries, in: sources.entries, present: present, known: base.removedEntries))
            case 1:
                let (changed, removed) = Self.changed(pages, from: base.pages, known: base.removedPages, same: ==)
                return .pages(changed, removed: removed)
            default:
                guard let tree = part == 2 ? live : staging else { return .tree(nil, removed: []) }
                let old = base.trees.first { $0.root == tree.root }
                let shift = tree.written &- (old?.written ?? 0)  // Files are stored by their age at `written`.
                let (files, removed) = Self.changed(
                    tree.files, from: old?.files ?? [:], known: base.removedFiles[tree.root] ?? []
                ) { new, old in
                    new.fingerprint == old.fingerprint && new.size == old.size && new.trusted == old.trusted &+ shift
                }
                return .tree(TreeRecord(root: tree.root, written: tree.written, files: files), removed: removed)
            }
        }
        var changes = Changes(base: base.hash)
        changes.state.sources = sources
        if sources.linkCheck == base.linkCheck {
            changes.linkCheck = .same
        } else if let memo = sources.linkCheck, let earlier = base.linkCheck,
            let edit = LinkCheckMemo.Edit(memo, from: earlier)
        {
            changes.linkCheck = .edit(edit)
        }
        if changes.linkCheck != .whole { changes.state.sources.linkCheck = nil }
        for case .entries(let entries, let removed) in parts {
            changes.state.sources.entries = entries
            changes.removedEntries = removed
        }
        for case .pages(let pages, let removed) in parts {
            changes.state.pages = pages
            changes.removedPages = removed
        }
        if case .tree(let tree, let removed) = parts[2] {
            (changes.state.live, changes.removedFiles[0]) = (tree, removed)
        }
        if case .tree(let tree, let removed) = parts[3] {
            (changes.state.staging, changes.removedFiles[1]) = (tree, removed)
        }
        let whole = base.entries.count + base.pages.count + base.trees.reduce(0) { $0 + $1.files.count }
        let changed =
            changes.state.sources.entries.count + changes.state.pages.count
            + [changes.state.live, changes.state.staging].reduce(0) { $0 + ($1?.files.count ?? 0) }
        return changed * 8 < whole ? changes : nil
    }

    /// The values of `values` that are new or not the same as in `base`, and the keys gone from it
    /// (`known`: as for `gone`).
    private static func changed<Role, Value>(
        _ values: [HashedText<Role>: Value], from base: [HashedText<Role>: Value], known: [HashedText<Role>],
        same: (Value, Value) -> Bool
    ) -> (changed: [HashedText<Role>: Value], removed: [HashedText<Role>]) {
        var changed: [HashedText<Role>: Value] = [:]
        var kept = 0
        for (key, value) in values {
            if let old = base[key] {
                kept += 1
                if same(value, old) { continue }
            }
            changed[key] = value
        }
        return (changed, gone(from: base, in: values, present: kept, known: known))
    }

    /// The keys of `base` that `values` lacks, sorted. `present`: how many keys of `base` it has.
    /// `known`: keys of `base` removed before (sorted), most often all that are gone: when as many of
    /// them are still missing as `base` lacks, they are the answer, and `base` is not looked through.
    private static func gone<Role, Value>(
        from base: [HashedText<Role>: Value], in values: [HashedText<Role>: Value], present: Int,
        known: [HashedText<Role>]
    ) -> [HashedText<Role>] {
        let missing = base.count - present
        guard missing > 0 else { return [] }
        let stillGone = known.filter { values[$0] == nil }
        if stillGone.count == missing { return stillGone }
        var gone = base.keys.filter { values[$0] == nil }
        gone.sortByBytes(of: \.text)
        return gone
    }

    /// Lays `changes` over this state's source cache and pages (its base's); its trees are laid
    /// over apart (`trees(_:_:with:)`), as soon as they are read.
    mutating func applyToSourcesAndPages(_ changes: Changes) {
        let entries = sources.entries
        let linkCheck = sources.linkCheck
        sources = changes.state.sources
        switch changes.linkCheck {
        case .whole: break
        case .same: sources.linkCheck = linkCheck
        case .edit(let edit): sources.linkCheck = linkCheck.map(edit.applied(to:))
        }
        sources.entries = Self.merged(changes.state.sources.entries, over: entries, removing: changes.removedEntries)
        pages = Self.merged(changes.state.pages, over: pages, removing: changes.removedPages)
    }

    /// The trees of a base, `live` and `staging`, with `changes` laid over them.
    static func trees(_ live: TreeRecord?, _ staging: TreeRecord?, with changes: Changes) -> (
        live: TreeRecord?, staging: TreeRecord?
    ) {
        let trees = [live, staging].compactMap { $0 }
        return (
            changes.state.live.map { Self.merged($0, over: trees, removing: changes.removedFiles[0]) },
            changes.state.staging.map { Self.merged($0, over: trees, removing: changes.removedFiles[1]) }
        )
    }

    private static func merged<Role, Value>(
        _ changed: [HashedText<Role>: Value], over base: [HashedText<Role>: Value], removing removed: [HashedText<Role>]
    ) -> [HashedText<Role>: Value] {
        var values = base
        for key in removed { values[key] = nil }
        for (key, value) in changed { values[key] = value }
        return values
    }

    private static func merged(_ changed: TreeRecord, over trees: [TreeRecord], removing removed: [OutputPath])
        -> TreeRecord
    {
        guard let old = trees.first(where: { $0.root == changed.root }) else { return changed }
        let shift = changed.written &- old.written
        var files =
            shift == 0
            ? old.files
            : old.files.mapValues {
                TreeRecord.File(fingerprint: $0.fingerprint, size: $0.size, trusted: $0.trusted &+ shift)
            }
        for path in removed { files[path] = nil }
        for (path, file) in changed.files { files[path] = file }
        return TreeRecord(root: changed.root, written: changed.written, files: files)
    }
}

extension BuildState.Changes {
    /// The stored form: a header, the base's hash, how the link check memo stands against the
    /// base's (`LinkCheckChange`: 0 whole, 1 the same, 2 an edit, followed by it), the changed
    /// state as the whole one is stored, the lists of what is gone (sorted), then a hash of
    /// everything before it.
    func write(to writer: inout BinaryWriter) {
        writer.raw(BuildState.changesHeader)
        writer.fixed(base)
        switch linkCheck {
        case .whole: writer.integer(0)
        case .same: writer.integer(1)
        case .edit(let edit):
            writer.integer(2)
            writer.fixed(edit.base)
            writer.strings(edit.failed)
            writer.fixedList(edit.added)
            writer.fixedList(edit.removed)
        }
        state.sources.write(to: &writer)
        state.writeRecords(to: &writer)
        Self.write(removedEntries, to: &writer)
        Self.write(removedPages, to: &writer)
        for files in removedFiles { Self.write(files, to: &writer) }
    }

    /// Reads a stored form; `nil` when it is not one of this version, or damaged.
    init?(parsing bytes: [UInt8]) { self.init(parsing: StoredBytes(bytes)) }

    /// Reads a stored form from `storage`, whose parts what it holds keeps.
    init?(parsing storage: StoredBytes) {
        guard let body = storage.withUnsafeBytes({ BuildState.checkedBody(of: $0) }) else { return nil }
        var reader = BinaryReader(storage, range: body)
        guard reader.expect(BuildState.changesHeader), let base = reader.fixed(),
            let linkCheck = Self.linkCheck(&reader), let sources = SourceCache(reading: &reader),
            let records = BuildState.records(&reader)
        else { return nil }
        self.init(base: base, linkCheck: linkCheck)
        state.sources = sources
        (state.live, state.staging, state.pages) = records
        guard let entries: [SourcePath] = Self.paths(&reader), let pages: [OutputPath] = Self.paths(&reader),
            let live: [OutputPath] = Self.paths(&reader), let staging: [OutputPath] = Self.paths(&reader),
            reader.atEnd
        else { return nil }
        removedEntries = entries
        removedPages = pages
        removedFiles = [live, staging]
    }

    private static func write<Role>(_ paths: [HashedText<Role>], to writer: inout BinaryWriter) {
        writer.integer(paths.count)
        for path in paths { writer.string(path.text) }
    }

    /// A list of paths as `write(_:to:)` stored it.
    private static func paths<Role>(_ reader: inout BinaryReader) -> [HashedText<Role>]? {
        guard let count = reader.count() else { return nil }
        var list: [HashedText<Role>] = []
        for _ in 0..<count {
            guard let path = reader.string() else { return nil }
            list.append(HashedText(path))
        }
        return list
    }

    private static func linkCheck(_ reader: inout BinaryReader) -> BuildState.LinkCheckChange? {
        switch reader.integer() {
        case 0: return .whole
        case 1: return .same
        case 2:
            guard let base = reader.fixed(), let failed = reader.strings(), let added = reader.fixedList(),
                let removed = reader.fixedList()
            else { return nil }
            return .edit(LinkCheckMemo.Edit(base: base, failed: failed, added: added, removed: removed))
        default: return nil
        }
    }
}
