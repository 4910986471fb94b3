import Synchronization

/// Which files of the preview folder sitegen rendered from the site's templates:
/// only those are trusted with the editing token and the live-reload script.
/// Every other file (`static/`, a page bundle's files, theme assets, feeds) is
/// served as it is, sandboxed, since anyone who can add a file to the site can
/// put a script in an HTML or SVG file.
///
/// Each list belongs to one output tree, named by its root folder's inode (the
/// build swaps the trees, so the inode says which one is live). A build adds the
/// list of its tree just before swapping it in, and the list of the tree it
/// replaced stays until the next one comes: a page is judged by the list of the
/// tree it was read from, whichever of the two was live at that moment, so a page
/// that became a static file is never served with the token, and a page read
/// while a build lands still gets its script.
final class RenderedPages: Sendable {
    private let trees = Mutex<[(root: UInt64, pages: [OutputPath: PageRecord])]>([])

    /// The pages of the tree whose root folder has inode `root`, which replace any list
    /// that tree had; only this one and the last one added before it are kept.
    func add(root: UInt64, pages: [OutputPath: PageRecord]) {
        trees.withLock { trees in
            trees.removeAll { $0.root == root }
            trees.append((root, pages))
            if trees.count > 2 { trees.removeFirst(trees.count - 2) }
        }
    }

    /// Whether the file at `path` (relative to the tree) of the tree whose root has inode `root`
    /// is a rendered page; `false` when no list is of that tree.
    func contains(_ path: String, inTree root: UInt64) -> Bool {
        trees.withLock { trees in
            guard let tree = trees.last(where: { $0.root == root }) else { return false }
            return tree.pages[OutputPath(path)] != nil
        }
    }
}
