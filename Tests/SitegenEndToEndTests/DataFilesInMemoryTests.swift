import Foundation
import Testing

@testable import SitegenCore

/// The preview's builds (state in memory, told which files changed: `LoadPatch`) read
/// `data/` again on a change there, and report its warnings as a full load does.
@Suite struct DataFilesInMemoryTests {
    @Test func aDataFolderChangeReadsTheFolderAgainWithItsWarnings() throws {
        let site = try TempSite.sample()
        try site.write("data/budget.csv", "item,amount\nTea,3\n")
        let options = BuildOptions(siteRoot: site.root, output: site.url("preview"))
        var state: BuildState?
        var built: WatchedFiles?
        func build() throws -> (warnings: [String], patched: Bool) {
            let files = WatchedFiles.scan(site.root.path)
            let (report, next) = try BuildPipeline(options: options).build(
                from: state, storesState: false, changed: built?.changedPaths(to: files))
            (state, built) = (next, files)
            let patched =
                (report.model as? (ModelStage.Modeled, PlanStage.Plan, BuildState, LoadStage.Loaded, BuildState))?
                .0.patched ?? false
            return (report.warnings.map(\.description), patched)
        }
        #expect(try build().warnings == [])
        let warning = "data/notes.txt: warning: not a data file (.yml, .yaml, .json or .csv); ignored"
        try site.write("data/notes.txt", "From the treasurer.\n")
        try site.write("data/budget.csv", "item,amount\nTea,4\n")
        let added = try build()
        #expect(added.warnings == [warning])
        #expect(added.patched, "the last build's values are patched, not made again")
        try site.write("data/budget.csv", "item,amount\nTea,5\n")
        #expect(try build().warnings == [warning], "a warning of a file left as it was stays")
        try FileManager.default.removeItem(at: site.url("data/notes.txt"))
        #expect(try build().warnings == [], "a warning of a file gone goes")
        try site.expectSameAsCleanBuild(output: "preview")
    }
}
