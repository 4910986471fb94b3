import Foundation

/// A throwaway copy of a site in a temp folder, removed when the test ends.
final class TempSite {
    /// The site folder.
    let root: URL

    /// A copy of the sample site (`site.yml`, `content/`, `templates/`).
    static func sample(under parent: URL = FileManager.default.temporaryDirectory) throws -> TempSite {
        let site = try TempSite(under: parent)
        for item in ["site.yml", "content", "templates"] {
            try FileManager.default.copyItem(
                at: Sitegen.repositoryRoot.appendingPathComponent(item), to: site.root.appendingPathComponent(item))
        }
        return site
    }

    /// A site with only the given files (path → text).
    static func with(_ files: [String: String]) throws -> TempSite {
        let site = try TempSite(under: FileManager.default.temporaryDirectory)
        for (path, text) in files { try site.write(path, text) }
        return site
    }

    private init(under parent: URL) throws {
        root = parent.appendingPathComponent("sitegen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The URL of a path in the site.
    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Writes text to a path in the site, creating folders.
    func write(_ path: String, _ text: String) throws {
        try writeBytes(path, Array(text.utf8))
    }

    /// Writes bytes to a path in the site, creating folders.
    func writeBytes(_ path: String, _ bytes: [UInt8]) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Replaces a file whole, as an editor saves one: the text goes to a file beside it, renamed
    /// over it. (Foundation's atomic write, which `FileManager.createFile` uses too, does the same
    /// but, on Linux, leaves a folder of its own behind in the system's temp folder every time.)
    static func replace(_ url: URL, with text: String) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).saving")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }

    /// The text of a file in the site.
    func read(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    /// Whether a path exists.
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: url(path).path) }

    /// Every file under a folder of the site, relative to it, sorted.
    func files(under path: String) -> [String] {
        let base = url(path).standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let item = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + item, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(item)
            }
        }
        return files.sorted()
    }

    /// Runs sitegen in this site's folder.
    @discardableResult
    func sitegen(_ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]) throws -> RunResult
    {
        try Sitegen.run(arguments, in: root, stdin: stdin, environment: environment)
    }

    /// Runs sitegen in this site's folder with a list of arguments.
    @discardableResult
    func sitegen(_ arguments: [String], environment: [String: String] = [:]) throws -> RunResult {
        try Sitegen.run(arguments, in: root, environment: environment)
    }

    /// A folder inside the temp folder (removed with it), to run sitegen in.
    struct Sub {
        /// The folder.
        let root: URL

        /// Runs sitegen in the folder.
        @discardableResult
        func sitegen(_ arguments: String..., environment: [String: String] = [:]) throws -> RunResult {
            try Sitegen.run(arguments, in: root, environment: environment)
        }
    }

    /// The folder at `path` inside this one.
    func sub(_ path: String) -> Sub { Sub(root: url(path)) }
}
