import Foundation
import Testing

extension TempSite {
    /// Expects the live output to equal a clean build's (into a new `clean/`
    /// folder with no state beside it), byte for byte.
    func expectSameAsCleanBuild(
        _ comment: String = "", arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for leftover in ["clean", ".clean.sitegen"] {
            try? FileManager.default.removeItem(at: url(leftover))
        }
        #expect(
            try sitegen(["build", "--quiet", "--output", "clean"] + arguments).status == 0,
            sourceLocation: sourceLocation)
        let built = TreeDigest(url("public"))
        let clean = TreeDigest(url("clean"))
        let differing = built.files.filter { clean.files[$0.key] != $0.value }.keys.sorted()
        let unmatched = Set(built.files.keys).symmetricDifference(clean.files.keys).sorted()
        #expect(
            built == clean, "\(comment): differ \(differing), only in one \(unmatched)", sourceLocation: sourceLocation)
    }
}
