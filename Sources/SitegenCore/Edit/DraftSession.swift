/// `sitegen edit FILE` with no changes given: the file is copied to a hidden
/// draft beside it, the draft is opened in the user's editor, and only a
/// saved, valid draft replaces the file. A draft that cannot be used is kept,
/// so nothing typed is ever lost.
package struct DraftSession: Sendable {
    /// How a session ended.
    package enum Outcome: Sendable {
        /// The draft was valid and replaced the file.
        case saved(EditOutcome)
        /// The editor closed without changing the draft; nothing changed.
        case unchanged
        /// The editor exited with a failure status; nothing changed. A changed draft is kept at the path given.
        case editorFailed(status: Int32, keptDraft: String?)
        /// The draft could not replace the file (invalid, or the file changed meanwhile); it is kept at the path given.
        case refused(EditFailure, keptDraft: String)
    }

    /// Validates and writes, as for every other edit.
    package let editor: ContentEditor
    /// Opens a path in the user's editor and returns the exit status.
    package let openEditor: @Sendable (String) throws(EditFailure) -> Int32

    /// A session that writes through `editor` and edits drafts with `openEditor`.
    package init(editor: ContentEditor, openEditor: @escaping @Sendable (String) throws(EditFailure) -> Int32) {
        self.editor = editor
        self.openEditor = openEditor
    }

    /// Copies the target to a draft, lets the user edit it, then saves or cancels.
    package func run(_ target: EditTarget) throws(EditFailure) -> Outcome {
        let snapshot = try editor.read(target)
        // A file that does not parse can still be fixed in an editor; then there is nothing to compare with.
        let original = try? editor.parse(snapshot.bytes, of: target)
        let draft = try createDraft(of: target, with: snapshot.bytes)
        let status = try openEditor(draft.path)
        let edited: [UInt8]
        do {
            edited = try FileReader.read(draft.path)
        } catch {
            throw .failed("cannot read the draft \(draft.shown) back; \(target.sitePath) is unchanged")
        }
        if edited == snapshot.bytes {
            try removeDraft(draft)
            return status == 0 ? .unchanged : .editorFailed(status: status, keptDraft: nil)
        }
        if status != 0 { return .editorFailed(status: status, keptDraft: draft.shown) }
        let plan = EditPlan(patches: [BytePatch(0..<snapshot.bytes.count, edited)], changesWholeFile: true)
        do {
            let outcome = try editor.commit(edited, over: snapshot, original: original, plan: plan, target: target)
            try removeDraft(draft)
            return .saved(outcome)
        } catch {
            return .refused(Self.pointing(error, at: draft.shown), keptDraft: draft.shown)
        }
    }

    /// A draft's path on disk and as shown to the user (relative to the site).
    private struct Draft {
        var path: String
        var shown: String
    }

    /// A new hidden file beside the target, which the site loader skips: `.<slug>.sitegen-draft-<random>.md`.
    private func createDraft(of target: EditTarget, with bytes: [UInt8]) throws(EditFailure) -> Draft {
        let siteFolder = target.sitePath.lastIndex(of: "/").map { String(target.sitePath[..<$0]) } ?? "content"
        let folder: String
        do {
            let path = try SiteContainment.writablePath(of: target.sitePath, siteRoot: editor.siteRoot)
            folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        } catch {
            throw ContentEditor.refusal(error, writing: target)
        }
        let stem = target.sitePath.split(separator: "/").last.map { String($0.dropLast(".md".count)) } ?? "draft"
        while true {
            let name = ".\(stem).sitegen-draft-\(String(UInt32.random(in: 0x1000_0000...UInt32.max), radix: 16)).md"
            do {
                try AtomicFile.create(folder + "/" + name, with: bytes)
                return Draft(path: folder + "/" + name, shown: siteFolder + "/" + name)
            } catch {
                if case .exists = error { continue }
                throw ContentEditor.failure(error, target, doing: "make a draft of")
            }
        }
    }

    private func removeDraft(_ draft: Draft) throws(EditFailure) {
        do {
            try FileWriter.removeTree(draft.path)
        } catch {
            throw .failed("cannot remove the draft \(draft.shown): \(error.reason)")
        }
    }

    /// Diagnostics about the new text point at the draft, where the user can fix them.
    private static func pointing(_ failure: EditFailure, at draft: String) -> EditFailure {
        guard case .refused(let diagnostics) = failure else { return failure }
        return .refused(
            diagnostics.map { diagnostic in
                var moved = diagnostic
                moved.location.path = draft
                return moved
            })
    }
}
