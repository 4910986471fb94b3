#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the process's standard input, which may be a pipe, to its end.
package enum StandardInput {
    /// Every byte until end of input.
    package static func readAll() throws(FileSystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                systemRead(STDIN_FILENO, buffer.baseAddress!, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: "standard input")
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}
