/// A CSV data file as templates see it: a header row naming the columns, then
/// rows of text cells (numbers stay as written), each row as long as the header.
struct CSVTable: Equatable, Sendable {
    /// The column names, in the file's order.
    var header: [String]
    /// The cells of each row after the header, in the header's order.
    var rows: [[String]]

    /// Every problem a file has, in the order of the file.
    struct Problems: Error, Equatable {
        var all: [TextProblem]
    }

    /// The table `bytes` hold (UTF-8, a leading byte order mark dropped), or every problem
    /// found, in order: a ragged row, a missing or repeated column name, a broken quote.
    static func parse(_ bytes: [UInt8]) throws(Problems) -> CSVTable {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        do {
            try TextValidation.check(text)
        } catch {
            throw Problems(all: [error])
        }
        // Read whole first; only a file with a problem is read again, noting each field's place.
        if let rows = CSVReader.fields(of: text), let header = rows.first, Self.isWellFormed(header: header, rows: rows)
        {
            return CSVTable(header: header, rows: Array(rows.dropFirst()))
        }
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(of: text)
        } catch {
            let (line, column) = TextOffset.location(of: error.offset, in: text)
            throw Problems(all: [TextProblem(line: line, column: column, error.message)])
        }
        func problem(at offset: Int, _ message: String) -> TextProblem {
            let (line, column) = TextOffset.location(of: offset, in: text)
            return TextProblem(line: line, column: column, message)
        }
        guard let header = records.first else {
            throw Problems(all: [
                TextProblem(line: 1, column: 1, "this CSV file is empty; its first row names the columns")
            ])
        }
        var problems: [TextProblem] = []
        var seen: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            if name.isEmpty {
                problems.append(problem(at: header.starts[index], "column \(index + 1) has no name in the header row"))
            } else if let first = seen[name] {
                problems.append(
                    problem(
                        at: header.starts[index],
                        "column name \(name.debugDescription) is given twice (first as column \(first + 1)); rename one"
                    ))
            } else {
                seen[name] = index
            }
        }
        let width = header.fields.count
        for record in records.dropFirst() where record.fields.count != width {
            let has = Plural.count(record.fields.count, "field")
            if record.fields.count > width {
                problems.append(
                    problem(
                        at: record.starts[width],
                        "this row has \(has), the header \(width): a field holding a comma must be quoted"))
            } else {
                let missing = header.fields[record.fields.count...].joined(separator: ", ")
                problems.append(
                    problem(at: record.end, "this row has \(has), the header \(width) (no \(missing))"))
            }
        }
        guard problems.isEmpty else { throw Problems(all: problems) }
        return CSVTable(header: header.fields, rows: records.dropFirst().map(\.fields))
    }

    /// Whether the header names each column once and every row has a cell for each.
    private static func isWellFormed(header: [String], rows: [[String]]) -> Bool {
        !header.contains("") && Set(header).count == header.count && rows.allSatisfy { $0.count == header.count }
    }

    /// The rows as a list of objects keyed by the column names, cells as text.
    var value: TemplateValue {
        let keys = header.map { TemplateKey($0) }
        return .list(
            rows.map { row in
                var fields: [TemplateKey: TemplateValue] = [:]
                fields.reserveCapacity(keys.count)
                for (key, cell) in zip(keys, row) { fields[key] = .string(cell) }
                return .object(fields)
            })
    }

    /// The sum of each column whose every cell is a decimal number (`1200`, `-3.50`), as text
    /// with as many decimals as its most precise cell; none for a table without rows.
    var totals: TemplateValue {
        var fields: [TemplateKey: TemplateValue] = [:]
        guard !rows.isEmpty else { return .object(fields) }
        for (index, name) in header.enumerated() {
            if let total = DecimalSum.total(of: rows.map { $0[index] }) { fields[TemplateKey(name)] = .string(total) }
        }
        return .object(fields)
    }
}
