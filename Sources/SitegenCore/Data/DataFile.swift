/// One file of `data/` as templates see it: `data/budget.csv` is `site.data.budget`.
package struct DataFile: Sendable {
    /// The name templates read it by (`budget`).
    package let name: String
    /// Its path relative to the site (`data/budget.csv`).
    package let source: String
    /// A stable hash of its bytes: what its values are made of.
    package let hash: UInt64
    /// What it holds, as parsed.
    let content: Content

    /// A data file's content: a CSV file's table (made into values only when a page reads them),
    /// or a YAML or JSON file's value.
    enum Content: Sendable {
        case table(CSVTable)
        case value(TemplateValue)
    }

    /// What templates see as `site.data.<name>`: a YAML or JSON file's value, a CSV file's rows.
    var value: TemplateValue {
        switch content {
        case .table(let table): return table.value
        case .value(let value): return value
        }
    }

    /// A CSV file's column totals (`CSVTable.totals`), `site.data_totals.<name>`; `nil` for other formats.
    var totals: TemplateValue? {
        if case .table(let table) = content { return table.totals }
        return nil
    }

    /// The formats read, by file extension.
    enum Format: String, CaseIterable {
        case yml, yaml, json, csv
    }

    /// The file at `source` (in `format`) from its bytes, or every problem found in them.
    static func parse(source: String, name: String, format: Format, bytes: [UInt8]) -> Result<
        DataFile, CSVTable.Problems
    > {
        let hash = StableHash.of(bytes)
        switch format {
        case .csv:
            do {
                let table = try CSVTable.parse(bytes)
                return .success(
                    DataFile(name: name, source: source, hash: hash, content: .table(table)))
            } catch {
                return .failure(error)
            }
        case .json, .yml, .yaml:
            do {
                let value = try format == .json ? JSONData.value(of: bytes) : yamlValue(of: bytes)
                return .success(DataFile(name: name, source: source, hash: hash, content: .value(value)))
            } catch {
                return .failure(CSVTable.Problems(all: [error]))
            }
        }
    }

    /// A YAML file's value through libyaml (an empty file is null).
    private static func yamlValue(of bytes: [UInt8]) throws(TextProblem) -> TemplateValue {
        let text = try TextValidation.text(of: bytes)
        do {
            return try YAMLParser().parse(text)?.templateValue ?? .null
        } catch {
            throw TextProblem(
                line: error.line, column: error.column,
                "invalid YAML: \(error.message(linesFrom: 1))" + YAMLErrorHint.hint(for: error, in: bytes[...]))
        }
    }
}
