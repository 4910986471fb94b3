/// Reads the site's `data/` folder: each `.yml`, `.yaml`, `.json` and `.csv`
/// file in it is `site.data.<name>` (`data/budget.csv` is `site.data.budget`).
/// Every file is read and parsed on each load: data files are few and small,
/// and their values are made only from their bytes.
struct DataFolder {
    /// The site folder's path.
    let siteRoot: String
    /// The largest file read (`max_file_size`).
    let maxFileSize: Int

    /// The data files, sorted by name, and every problem found in them.
    func load() -> (files: [DataFile], diagnostics: [Diagnostic]) {
        let walk = SiteFolderWalk(siteRoot: siteRoot, skips: ContentScanner.isTemporary).files(under: "data")
        var diagnostics = walk.diagnostics
        var files: [DataFile] = []
        var sources: [String: String] = [:]  // The first file of each name.
        for source in walk.files {
            let place = SourceLocation(path: source)
            let fileName = String(source.dropFirst("data/".count))
            guard !fileName.contains("/") else {
                diagnostics.append(
                    Diagnostic(
                        .warning, at: place, "data files are read from data/ itself, not from folders in it; ignored"))
                continue
            }
            let dot = fileName.lastIndex(of: ".")
            guard let dot, let format = DataFile.Format(rawValue: String(fileName[fileName.index(after: dot)...]))
            else {
                diagnostics.append(
                    Diagnostic(.warning, at: place, "not a data file (.yml, .yaml, .json or .csv); ignored"))
                continue
            }
            let name = String(fileName[..<dot])
            guard Self.isReadable(name) else {
                diagnostics.append(
                    Diagnostic(
                        at: place,
                        "a template cannot name site.data.\(name): rename the file with letters, digits, - and _ only"))
                continue
            }
            if let first = sources[name] {
                diagnostics.append(
                    Diagnostic(
                        at: place, "\(first) and \(source) are both site.data.\(name); rename or remove one of them"))
                continue
            }
            sources[name] = source
            let bytes: [UInt8]
            do {
                bytes = try FileReader.read(siteRoot + "/" + source, limit: maxFileSize)
            } catch {
                switch error {
                case .system(let failure):
                    diagnostics.append(Diagnostic(at: place, "cannot read file: \(failure.reason)"))
                case .tooLarge(let size, let limit):
                    diagnostics.append(
                        Diagnostic(
                            at: place,
                            "file is \(size) bytes, larger than max_file_size (\(limit)); raise max_file_size in site.yml if this is intended"
                        ))
                }
                continue
            }
            switch DataFile.parse(source: source, name: name, format: format, bytes: bytes) {
            case .success(let file): files.append(file)
            case .failure(let problems): diagnostics += problems.all.map { $0.diagnostic(in: source) }
            }
        }
        files.sort { $0.name.precedesByBytes($1.name) }
        return (files, diagnostics)
    }

    /// Whether `site.data.<name>` reads this name: a template key has no dots and no spaces.
    static func isReadable(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
            }
    }
}
