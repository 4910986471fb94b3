/// A source file's path relative to the site (`content/posts/hello.md`),
/// hashed once: the content's and the source cache's tables are keyed by it,
/// and a build looks each of its thousands of files up in several of them.
package typealias SourcePath = HashedText<SourcePathRole>

/// What a `SourcePath`'s text means: a file of the site's sources.
package enum SourcePathRole {}
