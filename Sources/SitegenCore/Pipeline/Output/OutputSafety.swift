import Foundation

/// Refuses output folders whose emptying would destroy something: the site
/// itself, its sources, `/`, the home folder, or a folder sitegen did not make.
/// (A build of the site's own `public/` is always allowed: it is generated.)
enum OutputSafety {
    static func problem(with output: OutputFolder, siteRoot: URL, keep: [String]) -> Diagnostic? {
        let target = DirectoryListing.realPath(output.path) ?? output.path
        let site = DirectoryListing.realPath(siteRoot.path) ?? siteRoot.path
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { DirectoryListing.realPath($0) }
        let location = SourceLocation(path: output.path)
        func refuse(_ why: String) -> Diagnostic {
            Diagnostic(at: location, "refusing to use this folder as the output: \(why); choose another --output")
        }
        if target == "/" { return refuse("it is the root folder") }
        if target == home { return refuse("it is your home folder") }
        if target == site || site.hasPrefix(target + "/") { return refuse("it holds the site itself") }
        for source in ["content", "templates", "site.yml"] {
            let sourcePath = site + "/" + source
            if target == sourcePath || target.hasPrefix(sourcePath + "/") {
                return refuse("it is inside the site's \(source)")
            }
        }
        guard DirectoryListing.isFolder(target) else { return nil }
        let entries = (try? DirectoryListing.entries(of: target)) ?? []
        // Ours: the state folder beside it says a build made it (or sitegen 0.1's manifest inside it does);
        // it is the site's own public/, which is always generated; or it holds the files every build
        // writes, so deleting the state folder costs only a full build.
        let names = Set(entries.map(\.name))
        let isOurs =
            DirectoryListing.isFolder(output.statePath) || names.contains(".sitegen") || target == site + "/public"
            || ["404.html", "feed.xml", "sitemap.xml", "assets"].allSatisfy(names.contains)
        let foreign = entries.filter { entry in !keep.contains { $0 == entry.name || $0.hasPrefix(entry.name + "/") } }
        if !isOurs && !foreign.isEmpty {
            return refuse(
                "it is not empty and was not made by sitegen (it holds \"\(foreign[0].name)\"); sitegen replaces the whole output folder"
            )
        }
        return nil
    }
}
