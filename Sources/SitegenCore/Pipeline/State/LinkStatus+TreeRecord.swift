extension LinkStatus {
    /// Whether a file is still as its record says: a regular file of the same size, its
    /// status not changed since it was last trusted.
    func isAsRecorded(_ file: TreeRecord.File) -> Bool {
        isFile && size == file.size && changed <= file.trusted
    }
}
