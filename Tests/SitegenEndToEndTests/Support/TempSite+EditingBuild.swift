import Foundation
import SitegenCore

extension TempSite {
    /// Builds the site into `output` as the preview builds it for editing
    /// (`BuildOptions.editControls`), through the library: `sitegen build`
    /// never gives pages the editing controls. `now` as with `--now`.
    func buildWithEditControls(output: String = "public", now: Int64? = nil) throws(BuildFailure) -> BuildReport {
        var options = BuildOptions(siteRoot: root, output: url(output))
        options.editControls = true
        if let now { options.now = now }
        return try BuildPipeline(options: options).build()
    }
}
