/// What a finished edit did.
package struct EditOutcome: Sendable {
    /// Whether the file's bytes changed (an edit that asks for what is already there writes nothing).
    package var changed: Bool
    /// Warnings `build` would print for the file.
    package var warnings: [Diagnostic]
    /// The file's version now (`ContentVersion`).
    package var version: String
}

/// Runs an edit as a short list of stages: read → locate and patch → validate
/// → replace. Nothing reaches the disk until the patched file has been
/// re-parsed and checked, and the replace refuses if the file changed meanwhile.
package struct ContentEditor: Sendable {
    /// The site folder.
    package let siteRoot: String
    /// Called after validation, right before the replace; tests use it to change the file in between.
    package var beforeReplace: @Sendable () -> Void = {}

    /// An editor for the site at `siteRoot`.
    package init(siteRoot: String) { self.siteRoot = siteRoot }

    /// Applies a change to the target file; with `version`, only if the file still has
    /// that version (`ContentVersion`), else nothing is written.
    package func edit(
        _ target: EditTarget, _ change: some ContentChange, ifVersion version: String? = nil
    ) throws(EditFailure) -> EditOutcome {
        let snapshot = try read(target)
        if let version, ContentVersion.of(snapshot.bytes) != version {
            throw .changedOnDisk(path: target.sitePath)
        }
        let original = try parse(snapshot.bytes, of: target)
        let plan = try change.plan(for: original, fields: fields(of: target))
        guard let bytes = plan.patches.applied(to: snapshot.bytes) else {
            throw .failed(
                "sitegen planned overlapping changes to \(target.sitePath); nothing was written (please report this)")
        }
        return try commit(bytes, over: snapshot, original: original, plan: plan, target: target)
    }

    /// Stage 1: the file's bytes, remembered for the replace.
    func read(_ target: EditTarget) throws(EditFailure) -> AtomicFile.Snapshot {
        try Self.checkInsideSite(target, siteRoot: siteRoot)
        let snapshot: AtomicFile.Snapshot
        do {
            snapshot = try AtomicFile.read(target.path)
        } catch {
            throw Self.failure(error, target, doing: "read")
        }
        // A link put in place since the check: the file read, and the replace, would be outside.
        guard SiteContainment.isInside(snapshot.realPath, siteRoot: siteRoot) else {
            throw Self.refusal(SiteContainment.Exit(link: target.sitePath, target: snapshot.realPath), writing: target)
        }
        return snapshot
    }

    /// The file as `build` reads it; a file that cannot be parsed cannot be patched.
    func parse(_ bytes: [UInt8], of target: EditTarget) throws(EditFailure) -> ContentDocument {
        do {
            return try ContentDocument(path: target.sitePath, bytes: bytes)
        } catch {
            throw .refused([error])
        }
    }

    /// Stages 3 and 4: validates the new bytes, then replaces the file with them.
    func commit(
        _ bytes: [UInt8], over snapshot: AtomicFile.Snapshot, original: ContentDocument?, plan: EditPlan,
        target: EditTarget
    ) throws(EditFailure) -> EditOutcome {
        if bytes == snapshot.bytes {
            return EditOutcome(changed: false, warnings: plan.warnings, version: ContentVersion.of(bytes))
        }
        let validator = EditValidator(target: target, fields: fields(of: target), maxFileSize: maxFileSize)
        let warnings = try validator.validate(bytes, original: original, plan: plan) + checkAgainstSite(bytes, target)
        beforeReplace()
        do {
            try AtomicFile.replace(snapshot, with: bytes)
        } catch {
            throw Self.failure(error, target, doing: "write")
        }
        return EditOutcome(changed: true, warnings: warnings, version: ContentVersion.of(bytes))
    }

    /// What `check` would say about the edited file in its site (`EditSiteCheck`): its warnings, or a
    /// refusal when it finds an error. Run after the file's own rules passed, so the bytes parse.
    func checkAgainstSite(_ bytes: [UInt8], _ target: EditTarget) throws(EditFailure) -> [Diagnostic] {
        guard let document = try? ContentDocument(path: target.sitePath, bytes: bytes) else { return [] }
        let problems = EditSiteCheck(siteRoot: siteRoot).problems(with: document, at: target)
        if problems.contains(where: { $0.severity == .error }) { throw .refused(problems) }
        return problems
    }

    /// `max_file_size` from site.yml; the default when site.yml is missing or has errors (build reports those).
    var maxFileSize: Int { settings?.maxFileSize ?? SiteSettings.defaultMaxFileSize }

    /// The fields `target` may have and their rules, with its collection's schema from site.yml
    /// (the built-in kinds alone when site.yml is missing or has errors, which build reports).
    package func fields(of target: EditTarget) -> EditableFields {
        EditableFields(target, collections: settings?.collections ?? SiteCollections())
    }

    /// The collections site.yml declares (none when it is missing or has errors).
    package var collections: SiteCollections { settings?.collections ?? SiteCollections() }

    /// site.yml as build reads it, or `nil` when it is missing or has errors (build reports those).
    private var settings: SiteSettings? {
        guard let bytes = try? FileReader.read(siteRoot + "/site.yml", limit: SiteSettings.defaultMaxFileSize),
            let document = try? ContentDocument(path: "site.yml", bytes: bytes, layout: .yaml)
        else { return nil }
        return SiteSettings.load(document, slug: "site").model
    }

    /// Refuses a target reached through a symbolic link out of the site (`SiteContainment`), as `build` does.
    static func checkInsideSite(_ target: EditTarget, siteRoot: String) throws(EditFailure) {
        guard let exit = SiteContainment.exit(of: target.sitePath, siteRoot: siteRoot) else { return }
        throw refusal(exit, writing: target)
    }

    /// The refusal of a write to `target` through the link `exit`, at the link.
    static func refusal(_ exit: SiteContainment.Exit, writing target: EditTarget) -> EditFailure {
        let problem =
            exit.target.map { "symbolic link leads outside the site folder (to \($0))" } ?? "broken symbolic link"
        return .refused(
            at: SourceLocation(path: exit.link), "\(problem); nothing is written through it (\(target.sitePath))")
    }

    static func failure(_ error: AtomicFile.Failure, _ target: EditTarget, doing action: String) -> EditFailure {
        switch error {
        case .changedOnDisk: return .changedOnDisk(path: target.sitePath)
        case .system(let failure):
            return .failed("cannot \(action) \(target.sitePath): \(failure.reason); nothing was written")
        case .tooLarge(let size, let limit): return .failed("\(target.sitePath) is \(size) bytes, more than \(limit)")
        case .exists: return .exists("\(target.sitePath) already exists; nothing was written")
        case .linkOnTheWay(let path):
            return .refused(
                at: SourceLocation(path: target.sitePath),
                "\(path) became a symbolic link since it was checked; nothing is written through it")
        }
    }
}
