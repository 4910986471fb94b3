import Foundation

/// `sitegen new`: makes the file for a new item, checks it with the kind's
/// rules, and creates it without ever replacing an existing file.
package struct ContentCreator: Sendable {
    /// The site folder.
    package let siteRoot: String

    /// Called right before the file is created; tests put a link in a folder's place here.
    var beforeCreate: @Sendable () -> Void = {}

    /// A creator for the site at `siteRoot`.
    package init(siteRoot: String) { self.siteRoot = siteRoot }

    /// The author of a new post given no username: site.yml's `default_username`.
    /// Throws site.yml's errors when it has any, and says how to name one when it names none.
    package func defaultUsername() throws(EditFailure) -> String {
        let noUsername = EditFailure.failed(
            "no username for the new post; give one with --username NAME, or set a default with \"default_username: NAME\" in site.yml"
        )
        guard let (settings, diagnostics) = siteSettings() else { throw noUsername }
        guard let settings else { throw .refused(diagnostics.filter { $0.severity == .error }) }
        guard let username = settings.defaultUsername else { throw noUsername }
        return username
    }

    /// The collections a new item may belong to: site.yml's (the built-in kinds alone without one).
    /// Throws site.yml's errors when it has any: which collections it declares cannot be known then.
    package func collections() throws(EditFailure) -> SiteCollections {
        guard let (settings, diagnostics) = siteSettings() else { return SiteCollections() }
        guard let settings else { throw .refused(diagnostics.filter { $0.severity == .error }) }
        return settings.collections
    }

    /// The zone a new post's date is written in: site.yml's `timezone` (UTC when site.yml is missing
    /// or has errors, which `build` reports).
    package func timeZone() -> TimeZone { siteSettings()?.settings?.timeZone ?? .utc }

    /// site.yml read as `build` reads it (`nil` settings when it has errors), or `nil` when there is none.
    private func siteSettings() -> (settings: SiteSettings?, diagnostics: [Diagnostic])? {
        guard DirectoryListing.isFile(siteRoot + "/site.yml") else { return nil }
        var diagnostics: [Diagnostic] = []
        var settingsHash: UInt64 = 0
        let settings = SiteLoader(siteRoot: URL(fileURLWithPath: siteRoot)).loadSettings(
            &diagnostics, settingsHash: &settingsHash)
        return (settings, diagnostics)
    }

    /// Creates the item's file; returns it and the warnings `build` would print.
    package func create(_ item: NewItem) throws(EditFailure) -> (target: EditTarget, warnings: [Diagnostic]) {
        let folder = "content/" + item.folder
        let editor = ContentEditor(siteRoot: siteRoot)
        let target = try EditTarget(
            siteRoot: siteRoot, sitePath: "\(folder)/\(try item.resolvedSlug()).md",
            collections: editor.collections.declaredNames)
        let slug = try item.resolvedSlug()
        if !item.folder.isEmpty, DirectoryListing.isFile("\(siteRoot)/\(folder)/\(slug)/index.md") {
            throw .exists(
                "\(folder)/\(slug)/index.md already exists; nothing was written (choose another name with --slug)")
        }
        let bytes = item.fileBytes
        let plan = EditPlan(patches: [BytePatch(0..<0, bytes)], changesWholeFile: true)
        try ContentEditor.checkInsideSite(target, siteRoot: siteRoot)
        let warnings =
            try EditValidator(target: target, fields: editor.fields(of: target), maxFileSize: editor.maxFileSize)
            .validate(bytes, original: nil, plan: plan) + editor.checkAgainstSite(bytes, target)
        do {
            try FileWriter.createFolder(siteRoot + "/" + folder)
        } catch {
            throw .failed("cannot create \(folder)/: \(error.reason)")
        }
        beforeCreate()
        let path: String
        do {
            path = try SiteContainment.writablePath(of: target.sitePath, siteRoot: siteRoot)
        } catch {
            throw ContentEditor.refusal(error, writing: target)
        }
        do {
            try AtomicFile.create(path, with: bytes)
        } catch {
            if case .exists = error {
                throw .exists(
                    "\(target.sitePath) already exists; nothing was written (choose another name with --slug)")
            }
            throw ContentEditor.failure(error, target, doing: "create")
        }
        return (target, warnings)
    }
}
