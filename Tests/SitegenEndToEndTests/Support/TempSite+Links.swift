import Foundation
import Testing

extension TempSite {
    /// Expects every root-relative `href` and `src` of every HTML page under `output` to name a file there
    /// (`/x/` meaning `/x/index.html`), the site living under `root` (`/` or a sub-path like `/club/`).
    func expectInternalLinksResolve(
        in output: String = "public", root: String = "/", sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = url(output).path
        for file in files(under: output) where file.hasSuffix(".html") {
            let html = try read(output + "/" + file)
            for match in html.matches(of: /(?:href|src)="(\/[^"#?]*)"/) {
                let target = String(match.1).removingPercentEncoding ?? String(match.1)
                #expect(
                    target.hasPrefix(root), "\(file) links \(target), outside the site's root \(root)",
                    sourceLocation: sourceLocation)
                let path = String(target.dropFirst(root.count - 1))
                // swift-format-ignore: AlwaysUseLowerCamelCase
                let file_ = path.hasSuffix("/") ? path + "index.html" : path
                #expect(
                    FileManager.default.fileExists(atPath: folder + file_), "\(file) links to missing \(target)",
                    sourceLocation: sourceLocation)
            }
        }
    }
}
