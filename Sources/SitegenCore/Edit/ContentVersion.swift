/// A content file's version, as the preview's editing API names it: a hash of
/// its bytes, so an edit made against an older read is refused (`EditFailure.changedOnDisk`).
package enum ContentVersion {
    /// The version of a file with these bytes: 16 hex digits.
    package static func of(_ bytes: [UInt8]) -> String {
        let hex = String(StableHash.of(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
