import Testing

@testable import SitegenCore

/// Every relative link and image in the repository's own Markdown files (the
/// README, `docs/`, ARCHITECTURE.md, `bench/`, the sample sites' content)
/// leads to a file or folder of the repository, read from the linking file's
/// folder as a git host shows it; and a `#fragment` into a Markdown file names
/// one of that file's heading ids. Links are found by the build's own parser
/// (`MarkdownRenderer` with a `LinkBase`, which notes each link and its place),
/// so text in code blocks and code spans is never taken for a link, and ids
/// are made by `HeadingAnchors`, as a build and GitHub make them.
@Suite("Relative links in the repository's Markdown files") struct MarkdownLinksInRepositoryTests {
    @Test func everyRelativeLinkLeadsToAFileAndEveryFragmentToAHeading() throws {
        let repository = RepositoryFiles(root: Self.repositoryRoot)
        let files = try repository.markdownFiles()
        #expect(files.contains("README.md"))
        let check = MarkdownLinkCheck(exists: repository.exists, text: repository.text)
        for broken in files.flatMap(check.brokenLinks) {
            Issue.record("\(broken)")
        }
    }

    @Test func aLinkToAMissingFileIsReportedAtItsLineAndColumn() {
        let check = MarkdownLinkCheck(files: [
            "README.md": "# sitegen\n\nSee [the guide](docs/guide.md) and [commands](docs/commands.md).\n",
            "docs/commands.md": "# Commands\n",
        ])
        #expect(
            check.brokenLinks(in: "README.md").map(\.description) == [
                "README.md:3:5: broken link docs/guide.md: there is no docs/guide.md"
            ])
    }

    @Test func aLinkIsReadFromTheFolderOfItsFile() {
        let check = MarkdownLinkCheck(files: [
            "docs/a.md": "[b](b.md) [readme](../README.md) ![logo](../img/logo.png) [up](../../x.md)\n",
            "docs/b.md": "", "README.md": "", "img/logo.png": "",
        ])
        #expect(
            check.brokenLinks(in: "docs/a.md").map(\.description) == [
                "docs/a.md:1:59: broken link ../../x.md: it leads out of the repository"
            ])
    }

    @Test func aFragmentMustNameAHeadingOfTheMarkdownFileItPointsInto() {
        let check = MarkdownLinkCheck(files: [
            "README.md": """
            # sitegen

            [a](docs/a.md#set-up) [b](docs/a.md#set-up-1) [c](docs/a.md#setup) [d](#sitegen) [e](#nowhere)

            """,
            "docs/a.md": "# A\n\n## Set-up\n\n## Set-up\n",
        ])
        #expect(
            check.brokenLinks(in: "README.md").map(\.description) == [
                "README.md:3:47: broken link docs/a.md#setup: docs/a.md has no heading whose id is setup",
                "README.md:3:82: broken link #nowhere: README.md has no heading whose id is nowhere",
            ])
    }

    @Test func textInCodeIsNoLink() {
        let check = MarkdownLinkCheck(files: [
            "README.md": "```sh\n[x](nowhere.md)\n```\n\nWrite `[y](nowhere.md)` for a link.\n\n    [z](nowhere.md)\n"
        ])
        #expect(check.brokenLinks(in: "README.md").isEmpty)
    }

    @Test func linksToTheWebAndSiteAddressesAreLeftToOthers() {
        let check = MarkdownLinkCheck(files: [
            "content/about.md":
                "[a](https://example.org/x.md) [b](mailto:kim@example.org) [c](/menu/) [d](//cdn.example.org/a.png)\n"
        ])
        #expect(check.brokenLinks(in: "content/about.md").isEmpty)
    }

    @Test func linesAreCountedFromTheTopOfAFileWithFrontMatter() {
        let check = MarkdownLinkCheck(files: [
            "content/posts/a.md": "---\ntitle: A\ntags: [x]\n---\nSee [b](b.md).\n"
        ])
        #expect(
            check.brokenLinks(in: "content/posts/a.md").map(\.description) == [
                "content/posts/a.md:5:5: broken link b.md: there is no content/posts/b.md"
            ])
    }

    /// The repository's root: this file is `Tests/SitegenCoreTests/Support/` in it.
    static let repositoryRoot: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()
}

/// A link that leads nowhere: where it is written, as written, and why.
struct BrokenLink: CustomStringConvertible {
    var path: String
    var line: Int
    var column: Int
    var written: String
    var reason: String

    var description: String { "\(path):\(line):\(column): broken link \(written): \(reason)" }
}

/// Checks the links of Markdown files in a tree of files named by paths relative to its root.
struct MarkdownLinkCheck {
    /// Whether a path names a file or a folder.
    var exists: (String) -> Bool
    /// A file's text; `nil` when it cannot be read.
    var text: (String) -> String?

    /// A check of files held in memory (their folders exist too).
    init(files: [String: String]) {
        let folders = Set(
            files.keys.flatMap { path in
                let parts = path.split(separator: "/").dropLast()
                return parts.indices.map { parts[...$0].joined(separator: "/") }
            })
        exists = { path in
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            return files[trimmed] != nil || folders.contains(trimmed)
        }
        text = { files[$0] }
    }

    init(exists: @escaping (String) -> Bool, text: @escaping (String) -> String?) {
        self.exists = exists
        self.text = text
    }

    /// Every link of the Markdown file at `path` that leads nowhere, in the order they are written.
    func brokenLinks(in path: String) -> [BrokenLink] {
        guard let source = text(path) else {
            return [BrokenLink(path: path, line: 1, column: 1, written: path, reason: "the file cannot be read")]
        }
        let (rendered, firstLine) = Self.render(source, as: path)
        var broken: [BrokenLink] = []
        for link in rendered.links {
            func report(_ reason: String) {
                broken.append(
                    BrokenLink(
                        path: path, line: firstLine + link.line - 1, column: link.column, written: link.written,
                        reason: reason))
            }
            let target: String
            switch link.target {
            case .samePage:
                if let fragment = link.fragment, !Self.isHeading(fragment, of: rendered) {
                    report("\(path) has no heading whose id is \(fragment)")
                }
                continue
            case .page(let source): target = source
            case .file(let sitePath), .unpublished(let sitePath): target = sitePath
            case .address:
                // `/menu/` in a site's content names a page of the site, which the build's link check covers.
                continue
            case .climbsOut:
                report("it leads out of the repository")
                continue
            }
            guard exists(target) else {
                report("there is no \(target)")
                continue
            }
            guard let fragment = link.fragment, target.hasSuffix(".md") else { continue }
            guard let targetText = text(target) else {
                report("\(target) cannot be read")
                continue
            }
            if !Self.isHeading(fragment, of: Self.render(targetText, as: target).rendered) {
                report("\(target) has no heading whose id is \(fragment)")
            }
        }
        return broken
    }

    /// Whether a fragment names a heading (or a footnote) of a rendered file; `#top` is the top of any page.
    private static func isHeading(_ fragment: String, of rendered: RenderedMarkdown) -> Bool {
        fragment == "top" || rendered.anchorIDs.contains(fragment)
    }

    /// A file rendered as a git host shows it, front matter left out, and the line its Markdown starts on.
    private static func render(_ text: String, as path: String) -> (rendered: RenderedMarkdown, firstLine: Int) {
        let bytes = Array(text.utf8)
        var body = bytes[...]
        do {
            let frontMatter = try FrontMatter.locate(in: bytes)
            body = bytes[frontMatter.bodyRange]
        } catch {
            // An opening `---` that nothing closes is a thematic break: the whole file is Markdown.
        }
        let firstLine = 1 + bytes[..<body.startIndex].count { $0 == 0x0A }
        let rendered = MarkdownRenderer().render(
            String(decoding: body, as: UTF8.self), summaryLength: nil, links: LinkBase(source: path, root: "/"))
        return (rendered, firstLine)
    }
}

/// The files of the repository, read with the library's own file reading.
struct RepositoryFiles {
    /// The repository's folder.
    var root: String

    /// Folders never searched for Markdown: build output, git's own, and tools' state (any other hidden
    /// folder but `.github`: `bench/.corpus` holds thousands of generated posts).
    private static let skippedFolders: Set<String> = [".build", ".git", "public", "node_modules"]

    /// The path of every `*.md` file, relative to the root, sorted.
    func markdownFiles(in folder: String = "") throws -> [String] {
        var found: [String] = []
        for entry in try DirectoryListing.entries(of: folder.isEmpty ? root : root + "/" + folder) {
            let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
            switch entry.kind {
            case .folder:
                let hidden = entry.name.hasPrefix(".") && entry.name != ".github"
                if !hidden && !Self.skippedFolders.contains(entry.name) { found += try markdownFiles(in: path) }
            case .file where entry.name.hasSuffix(".md"): found.append(path)
            default: continue
            }
        }
        return found
    }

    /// Whether a path relative to the root names a file or a folder (links followed).
    func exists(_ path: String) -> Bool {
        DirectoryListing.isFile(root + "/" + path) || DirectoryListing.isFolder(root + "/" + path)
    }

    /// A file's text; `nil` when it cannot be read.
    func text(_ path: String) -> String? {
        do {
            return String(decoding: try FileReader.read(root + "/" + path), as: UTF8.self)
        } catch {
            return nil
        }
    }
}
