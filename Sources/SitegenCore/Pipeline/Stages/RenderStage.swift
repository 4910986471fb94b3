import Synchronization

/// Render and write: each pending page rendered with its reads recorded, then
/// written into the staging tree; theme assets written and published files copied as they are. Runs on
/// all cores; each page's HTML is written as soon as it is rendered, so a big
/// site's pages are never all held in memory.
struct RenderStage {
    let model: SiteModel
    let theme: Theme
    let staging: String
    /// The site folder, for the files copied as they are.
    let siteRoot: String
    /// Whether the staging tree holds nothing yet (a full build): folders are then made before
    /// writing into them, rather than after a write finds one missing.
    var startsEmpty = false
    /// Outputs whose stale file the staging tree holds, its own: written over in place
    /// (`StagingStage.Staged.rewritable`).
    var rewritable: Set<OutputPath> = []
    /// The live tree's record of each output's file, by output path: the pages that were biggest
    /// are rendered first, so that no core is left with one big page once the rest are done.
    var liveFiles: [OutputPath: TreeRecord.File] = [:]
    let progress: @Sendable (BuildProgress) -> Void

    /// One file written.
    struct Written: Sendable {
        var path: OutputPath
        var fingerprint: UInt64
        var size: Int
        /// The new record of a page.
        var record: PageRecord?
        var isHTML: Bool
    }

    func run(_ pending: [PlanStage.Output]) throws -> [Written] {
        // A page listing many items computes them one after the other; computing them all first
        // uses every core. Worth it when half the pages or more are rendered (a full build), or when
        // a page to redo listed many last time. Not for a few hundred list pages: they show a few
        // thousand of the site's items between them and keep every core busy themselves.
        let listsMany = pending.contains { ($0.previous?.lazies.count ?? 0) >= Self.manyItems }
        if pending.count * 2 >= model.pages.count || listsMany { model.computeItems() }
        let counter = PageCounter(total: pending.count { $0.page?.isHTML == true }, report: progress)
        let sizes = liveFiles.isEmpty ? [] : pending.map { liveFiles[$0.path]?.size ?? 0 }
        let order = sizes.isEmpty ? Array(pending.indices) : pending.indices.sorted { sizes[$0] > sizes[$1] }
        let results = order.parallelMap { index -> Result<Written, any Error> in
            let output = pending[index]
            return Result {
                if let file = output.file {
                    let fingerprint = try creatingParent(of: file.output) {
                        try FileCopy.copy(
                            file, siteRoot: siteRoot, to: staging, over: rewritable.contains(output.path))
                    }
                    return Written(
                        path: output.path, fingerprint: fingerprint, size: Int(file.status.size), record: nil,
                        isHTML: false)
                }
                if let cached = output.cached {
                    let bytes: [UInt8]
                    do throws(FileReader.Failure) {
                        bytes = try FileReader.read(cached)
                    } catch {
                        throw Diagnostic(
                            at: SourceLocation(path: cached),
                            "cannot read this resized image: \(error.reason); delete its folder and build again")
                    }
                    try write(bytes, to: output.path)
                    return Written(
                        path: output.path, fingerprint: output.fingerprint!, size: bytes.count, record: nil,
                        isHTML: false)
                }
                guard let page = output.page else {
                    try write(output.asset, to: output.path)
                    return Written(
                        path: output.path, fingerprint: output.fingerprint!, size: output.asset.count, record: nil,
                        isHTML: false)
                }
                // Room for the page's last size and an eighth more, made at once.
                let (html, record) = try render(page, capacity: sizes.isEmpty ? 0 : sizes[index] + sizes[index] / 8)
                try write(html, to: output.path)
                if page.isHTML { counter.finished() }
                return Written(
                    path: output.path, fingerprint: record.fingerprint, size: html.count, record: record,
                    isHTML: page.isHTML)
            }
        }
        var written = [Written?](repeating: nil, count: pending.count)
        for (index, result) in zip(order, results) { written[index] = try result.get() }
        return written.map { $0! }
    }

    /// How many items make computing them all first worthwhile.
    private static let manyItems = 256

    /// A page's bytes and the record of what it read; `capacity`: the bytes it likely takes.
    func render(_ page: PlannedPage, capacity: Int = 0) throws(Diagnostic) -> ([UInt8], PageRecord) {
        var log: ReadLog? = ReadLog()
        let value = model.page(page.output)!
        let html = try theme.library.renderUTF8(
            name: page.template, context: model.stack(for: value), log: &log, capacity: capacity)
        return (html, PageRecord(log: log!, page: page, theme: theme))
    }

    private func write(_ bytes: [UInt8], to path: OutputPath) throws {
        if rewritable.contains(path) { return try FileWriter.writeOver(bytes, to: staging + "/" + path.text) }
        try creatingParent(of: path.text) { try FileWriter.writeNew(bytes, to: staging + "/" + path.text) }
    }

    /// Runs `write`, and once more after making the file's folder if that was missing (or, in a
    /// tree that starts empty, after making it first). Page folders are made by the workers that
    /// write them, so the kernel's work of creating thousands of folders overlaps with rendering.
    private func creatingParent<Result>(of path: String, _ write: () throws -> Result) throws -> Result {
        if startsEmpty {
            try createParent(of: path)
            return try write()
        }
        do {
            return try write()
        } catch let error as FileSystemError where error.systemErrno == .noSuchFile && path.contains("/") {
            try createParent(of: path)
            return try write()
        }
    }

    private func createParent(of path: String) throws(FileSystemError) {
        if let slash = path.lastIndex(of: "/") { try FileWriter.createFolder(staging + "/" + path[..<slash]) }
    }
}

/// How many pages a build has written, reported every 250 pages and at the end.
final class PageCounter: Sendable {
    private let done = Atomic<Int>(0)
    private let total: Int
    private let report: @Sendable (BuildProgress) -> Void

    init(total: Int, report: @escaping @Sendable (BuildProgress) -> Void) {
        self.total = total
        self.report = report
    }

    /// Counts one more page written.
    func finished() {
        let finished = done.add(1, ordering: .relaxed).newValue
        if finished % 250 == 0 || finished == total { report(.writing(done: finished, total: total)) }
    }
}
