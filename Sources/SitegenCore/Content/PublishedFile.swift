/// A file published as it is: from `static/` (`static/img/a.png` → `img/a.png`)
/// or beside its page in `content/` (a page bundle's `content/posts/a/photo.jpg`
/// → `posts/a/photo.jpg`).
package struct PublishedFile: Sendable, Hashable {
    /// Its path in the site: `static/robots.txt`.
    package var source: String
    /// Its path in the output: `robots.txt`.
    package var output: String
    /// What `stat` said of the source when the build found it.
    package var status: FileStatus

    /// Names the bytes the copy will have, without reading them: the file is
    /// taken as unchanged while its `stat` is (as content files are, `SourceCache`).
    package var fingerprint: UInt64 {
        var hash = StableHash()
        hash.combine("file")
        hash.combine(source)
        hash.combine(output)
        hash.combine(UInt64(bitPattern: status.size))
        hash.combine(UInt64(bitPattern: status.modified))
        hash.combine(UInt64(bitPattern: status.changed))
        hash.combine(status.inode)
        return hash.value
    }

    /// The fingerprint of a copy made while the source may still change within
    /// the same timestamp tick: matches no plan, so the next build copies again.
    package var racyFingerprint: UInt64 {
        var hash = StableHash()
        hash.combine(fingerprint)
        hash.combine("racy")
        return hash.value
    }
}
