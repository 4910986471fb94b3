/// A file's path relative to an output tree (`posts/a/index.html`), hashed
/// once: the build's tables of pages and files are keyed by it, and a rebuild
/// looks each of its thousands of paths up in several of them.
typealias OutputPath = HashedText<OutputPathRole>

/// What an `OutputPath`'s text means: a file or folder of an output tree.
enum OutputPathRole {}
