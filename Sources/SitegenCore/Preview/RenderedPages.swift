import Synchronization

/// Which files of the preview folder sitegen rendered from the site's templates:
/// only those are trusted with the editing token and the live-reload script.
/// Every other file (`static/`, a page bundle's files, theme assets, feeds) is
/// served as it is, sandboxed, since anyone who can add a file to the site can
/// put a script in an HTML or SVG file.
///
/// The list belongs to one output tree, named by its root folder's inode (the
/// build swaps the trees, so the inode says which one is live): a file read
/// while the list describes another tree counts as not rendered, so a page
/// that became a static file is never served with the token, even for the
/// moment between a build's swap and this list's update.
final class RenderedPages: Sendable {
    private let current = Mutex<(root: UInt64, pages: [OutputPath: PageRecord])?>(nil)

    /// The pages of the tree whose root folder has inode `root`.
    func update(root: UInt64, pages: [OutputPath: PageRecord]) {
        current.withLock { $0 = (root, pages) }
    }

    /// Whether the file at `path` (relative to the tree) of the tree whose root has inode `root`
    /// is a rendered page; `false` when the list is of another tree, or of none yet.
    func contains(_ path: String, inTree root: UInt64) -> Bool {
        current.withLock { current in
            guard let current, current.root == root else { return false }
            return current.pages[OutputPath(path)] != nil
        }
    }
}
