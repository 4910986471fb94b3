import Foundation

/// `sitegen render`: one template file against one YAML or JSON data file,
/// following the Mustache spec exactly (a missing partial renders as nothing).
package enum SingleTemplateRender {
    /// The rendered text, or the problems that prevented it (paths as given).
    package static func render(template: String, data: String, partialsFolder: String?) throws(DiagnosticList) -> String
    {
        let templateURL = URL(fileURLWithPath: template)
        let folder = partialsFolder ?? templateURL.deletingLastPathComponent().path
        let name = templateURL.deletingPathExtension().lastPathComponent
        var sources: [String: String] = [:]
        var problems: [Diagnostic] = []
        // A partial that cannot be read is reported, not left out: the spec renders a missing
        // partial as nothing, and a page quietly short of a part is worse than an error.
        for path in partialFiles(in: folder) {
            do throws(DiagnosticList) {
                sources[String(path.dropLast(".mustache".count))] = try readText(folder + "/" + path)
            } catch {
                problems += error.diagnostics
            }
        }
        do throws(DiagnosticList) {
            sources[name] = try readText(template)
        } catch {
            problems += error.diagnostics
        }
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        let dataValue = try readData(data)
        let library = try TemplateLibrary(sources: sources, displayPrefix: folder)
        do {
            return try library.render(name: name, context: [dataValue])
        } catch {
            throw DiagnosticList([error])
        }
    }

    private static func readText(_ path: String) throws(DiagnosticList) -> String {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path, limit: 100_000_000)
        } catch {
            throw DiagnosticList([Diagnostic(at: SourceLocation(path: path), error.message)])
        }
        do {
            return try TextValidation.text(of: bytes)
        } catch {
            throw DiagnosticList([error.diagnostic(in: path)])
        }
    }

    private static func readData(_ path: String) throws(DiagnosticList) -> TemplateValue {
        let text = try readText(path)
        do {
            return try YAMLParser().parse(text)?.templateValue ?? .null
        } catch {
            throw DiagnosticList([
                Diagnostic(
                    at: SourceLocation(path: path, line: error.line, column: error.column),
                    "invalid YAML or JSON: \(error.message)")
            ])
        }
    }

    private static func partialFiles(in folder: String, prefix: String = "", depth: Int = 0) -> [String] {
        guard depth < 8,
            let entries = try? DirectoryListing.entries(of: prefix.isEmpty ? folder : folder + "/" + prefix)
        else {
            return []
        }
        return entries.flatMap { entry -> [String] in
            let path = prefix.isEmpty ? entry.name : prefix + "/" + entry.name
            if entry.kind == .folder { return partialFiles(in: folder, prefix: path, depth: depth + 1) }
            return entry.name.hasSuffix(".mustache") ? [path] : []
        }
    }
}

extension FileReader.Failure {
    /// The failure in words.
    package var message: String {
        switch self {
        case .system(let error): return "cannot read file: \(error.reason)"
        case .tooLarge(let size, let limit): return "file is \(size) bytes, larger than the limit of \(limit)"
        }
    }
}
