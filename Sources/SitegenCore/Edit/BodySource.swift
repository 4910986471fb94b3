/// Where a new body comes from: `--body TEXT`, `--body-file F` or `--body-file -`.
package enum BodySource: Sendable, Hashable {
    /// The text itself.
    case text(String)
    /// A file's bytes, exactly.
    case file(String)
    /// Standard input, to its end.
    case standardInput

    /// The body's bytes, exactly as given (no line break is added or removed).
    package func read() throws(EditFailure) -> [UInt8] {
        switch self {
        case .text(let text): return Array(text.utf8)
        case .file(let path):
            do {
                return try FileReader.read(path)
            } catch {
                guard case .system(let failure) = error else { throw .failed("cannot read \(path)") }
                throw .failed("cannot read the body file \(path): \(failure.reason)")
            }
        case .standardInput:
            do {
                return try StandardInput.readAll()
            } catch {
                throw .failed("cannot read the body from standard input: \(error.reason)")
            }
        }
    }
}
