#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Swaps two paths in one atomic step, so a reader (or a kill) never sees
/// neither of them: Linux's `renameat2(RENAME_EXCHANGE)`, macOS's `renameatx_np(RENAME_SWAP)`.
package enum FolderExchange {
    /// Exchanges `a` and `b`; both must exist on the same file system.
    package static func exchange(_ a: String, _ b: String) throws(FileSystemError) {
        let code = exchangeNames(a, b, in: AT_FDCWD)
        guard code == 0 else { throw FileSystemError(path: b, code: code) }
    }

    /// Exchanges the entries `a` and `b` of the open folder `folder`; 0, or the
    /// `errno` of the failure (`ENOSYS` where the C library has no such call,
    /// `EINVAL` where the file system cannot exchange).
    static func exchangeNames(_ a: String, _ b: String, in folder: Int32) -> Int32 {
        #if canImport(Glibc)
            // Glibc's module leaves `renameat2` out (it is a GNU extension) and Swift cannot call
            // the variadic `syscall`, so it is looked up by name; a C library without it is ENOSYS.
            typealias RenameAt2 =
                @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return ENOSYS }
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            let exchangeFlag: UInt32 = 1 << 1  // RENAME_EXCHANGE
            return renameat2(folder, a, folder, b, exchangeFlag) == 0 ? 0 : errno
        #else
            return renameatx_np(folder, a, folder, b, UInt32(RENAME_SWAP)) == 0 ? 0 : errno
        #endif
    }

    /// Renames `from` to `to`, replacing a file (or empty folder) at `to`.
    package static func rename(_ from: String, to: String) throws(FileSystemError) {
        #if canImport(Glibc)
            guard Glibc.rename(from, to) == 0 else { throw FileSystemError(path: to) }
        #else
            guard Darwin.rename(from, to) == 0 else { throw FileSystemError(path: to) }
        #endif
    }
}
