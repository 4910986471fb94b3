/// The version `sitegen --version` prints and manifests record.
package enum SitegenVersion {
    /// The current version.
    package static let current = "0.1.0"
    /// The version and a digest of the code that made this binary: what build states and page
    /// fingerprints are made with, so a state written by other code (an upgrade, a local change)
    /// is ignored and its pages rendered again.
    package static let build = current + "+" + SourceDigest.value
}
