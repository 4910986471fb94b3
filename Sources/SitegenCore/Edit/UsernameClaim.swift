/// A rule of `build`'s that spans files and that a profile's edit easily
/// breaks: two profiles may not declare one username (compared as `build`
/// compares them: NFC, case-folded). Checked against the other profiles on
/// disk when a profile's edit or creation gives it a username. (Other rules
/// across files, such as an alias taking another page's address, are still
/// only found by the next build.)
enum UsernameClaim {
    /// The problem with `document` (a profile at `target`) declaring its username, if another profile has it.
    static func problem(_ document: ContentDocument, at target: EditTarget) -> Diagnostic? {
        guard target.kind == .profile, let node = document.fields?["username"], let username = node.scalarText,
            target.path.hasSuffix(target.sitePath)
        else { return nil }
        let siteRoot = String(target.path.dropLast(target.sitePath.count + 1))
        let key = GroupName.key(username)
        for other in otherProfiles(in: siteRoot, besides: target.sitePath) {
            guard let bytes = try? FileReader.read(siteRoot + "/" + other),
                let otherDocument = try? ContentDocument(path: other, bytes: bytes),
                let claimed = otherDocument.fields?["username"]?.scalarText, GroupName.key(claimed) == key
            else { continue }
            return Diagnostic(
                at: document.location(of: node.start),
                "username \"\(username)\" is already declared by \(other); one profile per username")
        }
        return nil
    }

    /// The site paths of the profiles other than `path`: `content/profiles/<slug>.md` and `<slug>/index.md`, sorted.
    private static func otherProfiles(in siteRoot: String, besides path: String) -> [String] {
        guard let entries = try? DirectoryListing.entries(of: siteRoot + "/content/profiles") else { return [] }
        var paths: [String] = []
        for entry in entries where !entry.name.hasPrefix(".") {
            let file = "content/profiles/" + entry.name
            if entry.name.hasSuffix(".md") {
                paths.append(file)
            } else if DirectoryListing.isFile(siteRoot + "/" + file + "/index.md") {
                paths.append(file + "/index.md")
            }
        }
        return paths.filter { $0 != path }.sorted()
    }
}
