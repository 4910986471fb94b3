/// What a rebuild needs to know of the last build without loading the site:
/// each content file's status and hashes and which output files are its own
/// pages, and each output file's fingerprint in both output trees.
///
/// Written beside the output (a hidden sibling) after every successful build,
/// and only a cache: `QuickRebuild` trusts it only while both trees still hold
/// the very manifests it names; anything else sends the build the full way.
/// It is written in place rather than renamed over (no new inode per build):
/// a torn file fails to parse, which only means a full build.
struct RebuildIndex: Equatable {
    /// One content file as the last build read it.
    struct Source: Equatable {
        var path: String
        var status: FileStatus
        /// A hash of its bytes.
        var hash: UInt64
        /// A hash of its fields other than the body (`SourceCache.modelHash(of:)`).
        var modelHash: UInt64
        /// How many characters of its excerpt list pages show; 0 when none do.
        var excerptLimit: Int
        /// A hash of that excerpt.
        var excerptHash: UInt64
        /// Whether the feed carries it whole.
        var inFeed: Bool
        /// Its own pages, by index into `files`.
        var outputs: [Int]
        /// The warnings it gave.
        var warnings: [Warning]
    }

    /// A warning, as the index keeps it.
    struct Warning: Equatable {
        var path: String
        var line: Int?
        var column: Int?
        var message: String

        init(_ diagnostic: Diagnostic) {
            path = diagnostic.location.path
            line = diagnostic.location.line
            column = diagnostic.location.column
            message = diagnostic.message
        }

        init(path: String, line: Int?, column: Int?, message: String) {
            self.path = path
            self.line = line
            self.column = column
            self.message = message
        }

        var diagnostic: Diagnostic {
            Diagnostic(.warning, at: SourceLocation(path: path, line: line, column: column), message)
        }
    }

    /// A folder of `content/` as the scan listed it.
    struct Folder: Equatable {
        var path: String
        var status: FileStatus?
    }

    /// One output file as the live tree and the staging tree hold it.
    struct OutputFile: Equatable {
        var path: String
        var live: BuildManifest.Entry
        var staging: BuildManifest.Entry
    }

    /// Which manifest file a tree holds: a rewritten manifest has a new inode and change time.
    struct ManifestIdentity: Equatable {
        var inode: UInt64
        var changed: Int64

        /// The identity of the manifest at `path`, if there is one.
        init?(path: String) {
            guard let status = FileStatus(path: path) else { return nil }
            inode = status.inode
            changed = status.changed
        }

        init(inode: UInt64, changed: Int64) {
            self.inode = inode
            self.changed = changed
        }
    }

    /// The site folder it describes.
    var siteRoot: String
    /// The build-wide part of every fingerprint (`PageFingerprints.global`).
    var global: UInt64
    /// When the sources' statuses were taken (nanoseconds since 1970).
    var written: Int64
    /// The manifests of the live and the staging tree.
    var live: ManifestIdentity
    var staging: ManifestIdentity
    /// How many HTML pages the site has.
    var pageCount: Int
    /// Every content file, sorted by path (as `ContentScanner` lists them).
    var sources: [Source]
    /// Every folder the scan of `content/` listed, and the warnings it gave.
    var contentFolders: [Folder]
    var scanWarnings: [Warning]
    /// Every output file, in the manifests' order; both trees hold the same set.
    var files: [OutputFile]
    /// Every folder of the output trees but their roots.
    var folders: [String]

    init(
        siteRoot: String, global: UInt64, written: Int64, live: ManifestIdentity, staging: ManifestIdentity,
        pageCount: Int, sources: [Source], contentFolders: [Folder], scanWarnings: [Warning], files: [OutputFile],
        folders: [String]
    ) {
        self.siteRoot = siteRoot
        self.global = global
        self.written = written
        self.live = live
        self.staging = staging
        self.pageCount = pageCount
        self.sources = sources
        self.contentFolders = contentFolders
        self.scanWarnings = scanWarnings
        self.files = files
        self.folders = folders
    }
}
