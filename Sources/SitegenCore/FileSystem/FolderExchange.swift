#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Swaps two paths in one atomic step, so a reader (or a kill) never sees
/// neither of them: Linux's `renameat2(RENAME_EXCHANGE)`, macOS's `renamex_np(RENAME_SWAP)`.
public enum FolderExchange {
    /// Exchanges `a` and `b`; both must exist on the same file system.
    public static func exchange(_ a: String, _ b: String) throws(FileSystemError) {
        #if canImport(Glibc)
            typealias RenameAt2 =
                @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else {
                throw FileSystemError(path: a, code: ENOSYS)
            }
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            let exchangeFlag: UInt32 = 1 << 1  // RENAME_EXCHANGE
            guard renameat2(AT_FDCWD, a, AT_FDCWD, b, exchangeFlag) == 0 else { throw FileSystemError(path: b) }
        #else
            guard renamex_np(a, b, UInt32(RENAME_SWAP)) == 0 else { throw FileSystemError(path: b) }
        #endif
    }

    /// Renames `from` to `to`, replacing a file (or empty folder) at `to`.
    public static func rename(_ from: String, to: String) throws(FileSystemError) {
        #if canImport(Glibc)
            guard Glibc.rename(from, to) == 0 else { throw FileSystemError(path: to) }
        #else
            guard Darwin.rename(from, to) == 0 else { throw FileSystemError(path: to) }
        #endif
    }
}
