import Foundation
import Testing

extension TempSite {
    /// Expects the live output (`public/`, or `output`) to equal a clean build's
    /// (into a new `clean/` folder with no state beside it), byte for byte. With
    /// `editControlsAt`, the clean build is the preview's with editing controls at that now.
    func expectSameAsCleanBuild(
        _ comment: String = "", arguments: [String] = [], editControlsAt now: Int64? = nil, output: String = "public",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for leftover in ["clean", ".clean.sitegen"] {
            try? FileManager.default.removeItem(at: url(leftover))
        }
        if let now {
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                try buildWithEditControls(output: "clean", now: now)
            }
        } else {
            #expect(
                try sitegen(["build", "--quiet", "--output", "clean"] + arguments).status == 0,
                sourceLocation: sourceLocation)
        }
        let built = TreeDigest(url(output))
        let clean = TreeDigest(url("clean"))
        let differing = built.files.filter { clean.files[$0.key] != $0.value }.keys.sorted()
        let unmatched = Set(built.files.keys).symmetricDifference(clean.files.keys).sorted()
        #expect(
            built == clean, "\(comment): differ \(differing), only in one \(unmatched)", sourceLocation: sourceLocation)
    }
}
