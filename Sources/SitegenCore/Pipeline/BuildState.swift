/// Everything a build leaves for the next one, kept in one file in the state
/// folder beside the output (`OutputFolder.statePath`). Only ever an
/// accelerator: a missing, damaged or foreign state means a full build, and
/// the output is the same either way.
struct BuildState: Sendable {
    /// What was read from each content file, so unchanged files are not read again.
    var sources = SourceCache()
    /// What each page's last render read, by output path.
    var pages: [String: PageRecord] = [:]
    /// The live output tree's files, when the state knows them.
    var live: TreeRecord?
    /// The staging tree's files, when the state knows them.
    var staging: TreeRecord?
    /// The last build's load and page plan, kept by a process that builds again and again (never stored).
    var loaded: LoadStage.Loaded?
    var model: ModelMemo?

    /// An empty state: the next build is a full one.
    init() {}

    /// The state stored for `output`, with its tree records matched to the
    /// folders that have their inodes; an empty state when there is none or it cannot be read.
    static func stored(for output: OutputFolder) -> BuildState {
        var timer = PhaseTimer()
        guard let bytes = try? FileReader.read(output.stateFilePath) else { return BuildState() }
        timer.lap("state: read \(bytes.count) bytes")
        guard var state = BuildState(parsing: bytes) else { return BuildState() }
        timer.lap("state: decode")
        let liveRoot = FileStatus(path: output.path)?.inode
        let stagingRoot = FileStatus(path: output.stagingPath)?.inode
        let records = [state.live, state.staging].compactMap { $0 }
        // A build killed between its swap and writing the state leaves the two trees exchanged.
        state.live = records.first { $0.root == liveRoot }
        state.staging = records.first { $0.root == stagingRoot }
        return state
    }

    /// Writes the state whole or not at all.
    func store(for output: OutputFolder) throws(FileSystemError) {
        var timer = PhaseTimer()
        try FileWriter.createFolder(output.statePath)
        // Temp files of state writes that a kill interrupted (they hold other process ids).
        let leftover = "state" + FileWriter.temporarySuffix
        for entry in (try? DirectoryListing.entries(of: output.statePath)) ?? [] where entry.name.hasPrefix(leftover) {
            try? FileWriter.removeTree(output.statePath + "/" + entry.name)
        }
        var size = 0
        try FileWriter.replacing(output.stateFilePath) { (file: HashedFile) throws(FileSystemError) in
            try write(to: file)
            size = file.count
        }
        timer.lap("state: encode and write \(size) bytes")
    }
}
