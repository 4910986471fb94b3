import CCSV

/// Reads CSV text (RFC 4180: quoted fields may hold commas, quotes written
/// twice and line breaks; rows end in LF, CRLF or CR) into records, with the
/// byte offset of every field, through libcsv in strict mode. The only place
/// sitegen touches libcsv; it owns the parser and frees it.
///
/// libcsv drops spaces and tabs around an unquoted field and skips empty
/// lines; a quote inside an unquoted field, text after a closing quote and a
/// quoted field never closed are errors.
final class CSVReader {
    /// One row as the file holds it: its fields, and where each starts and the row ends (byte offsets).
    struct Record: Equatable {
        var fields: [String] = []
        var starts: [Int] = []
        var end = 0
    }

    /// Why the text could not be read, and the byte offset where.
    struct Failure: Error, Equatable {
        var offset: Int
        var message: String
    }

    private var parser = csv_parser()

    private init() throws(Failure) {
        guard csv_init(&parser, UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL)) == 0 else {
            throw Failure(offset: 0, message: "cannot start the CSV reader: out of memory")
        }
    }

    deinit { csv_free(&parser) }

    /// Every record of `bytes` (UTF-8, without a byte order mark) with its fields, read in one
    /// call, without their places; `nil` when libcsv finds a problem (`records(of:)` says where).
    static func fields(of bytes: [UInt8]) -> [[String]]? {
        guard let reader = try? CSVReader() else { return nil }  // `records(of:)` meets the same failure.
        let collector = Collector(locating: false)
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let read = bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return true }
            return csv_parse(&reader.parser, start, buffer.count, fieldEnded, rowEnded, context) == buffer.count
        }
        guard read, csv_fini(&reader.parser, fieldEnded, rowEnded, context) == 0 else { return nil }
        return collector.records.map(\.fields)
    }

    /// Every record of `bytes` (UTF-8, without a byte order mark), in order, with the place of each
    /// field; none for an empty text.
    static func records(of bytes: [UInt8]) throws(Failure) -> [Record] {
        let reader = try CSVReader()
        let collector = Collector(locating: true)
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let failure: Failure? = bytes.withUnsafeBytes { buffer in
            // One byte at a time, so that each call back knows the offset it was called at: libcsv
            // names no places itself. A call per byte: `fields(of:)` reads a file that has no problem.
            for offset in buffer.indices {
                let byte = buffer[offset]
                collector.offset = offset
                if collector.fieldStart == nil, byte != UInt8(CSV_CR), byte != UInt8(CSV_LF) {
                    collector.fieldStart = offset
                }
                guard csv_parse(&reader.parser, buffer.baseAddress! + offset, 1, fieldEnded, rowEnded, context) == 1
                else { return reader.failure(at: offset, in: buffer, collector) }
            }
            collector.offset = buffer.count
            guard csv_fini(&reader.parser, fieldEnded, rowEnded, context) == 0 else {
                if csv_error(&reader.parser) == CSV_EPARSE {
                    var start = collector.fieldStart ?? buffer.count
                    while start < buffer.count, buffer[start] == UInt8(CSV_SPACE) || buffer[start] == UInt8(CSV_TAB) {
                        start += 1
                    }
                    return Failure(offset: start, message: "this quoted field is never closed: end it with \"")
                }
                return reader.failure(at: buffer.count, in: buffer, collector)
            }
            return nil
        }
        if let failure { throw failure }
        return collector.records
    }

    /// libcsv's error at `offset`, said in a user's words.
    private func failure(at offset: Int, in buffer: UnsafeRawBufferPointer, _ collector: Collector) -> Failure {
        let code = csv_error(&parser)
        guard code == CSV_EPARSE else {
            return Failure(offset: offset, message: "cannot read the CSV: \(String(cString: csv_strerror(code)))")
        }
        let start = collector.fieldStart.map { start in
            buffer[start...].firstIndex { $0 != UInt8(CSV_SPACE) && $0 != UInt8(CSV_TAB) } ?? start
        }
        if let start, start < offset, buffer[start] == UInt8(CSV_QUOTE) {
            return Failure(
                offset: offset,
                message: "text after the closing quote of a quoted field; write a quote inside one as \"\"")
        }
        return Failure(
            offset: offset,
            message:
                "a quote inside a field that does not start with one; quote the whole field and write this quote as \"\""
        )
    }

}

/// What the call backs gather, with the offset of the byte being read.
private final class Collector {
    /// Whether places are noted (`offset` is kept up to date).
    let locating: Bool
    var offset = 0
    /// Where the field being read starts; `nil` between rows.
    var fieldStart: Int? = 0
    var row = CSVReader.Record()
    var records: [CSVReader.Record] = []

    init(locating: Bool) { self.locating = locating }
}

/// Called by libcsv at the end of each field (at its comma or line end) with its bytes.
private func fieldEnded(_ field: UnsafeMutableRawPointer?, _ length: Int, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
    let bytes =
        field.map { UnsafeRawBufferPointer(start: $0, count: length) } ?? UnsafeRawBufferPointer(start: nil, count: 0)
    // The text was checked as UTF-8 before; a field ends at an ASCII byte, so it is whole UTF-8 too.
    collector.row.fields.append(String(decoding: bytes, as: UTF8.self))
    if collector.locating {
        collector.row.starts.append(collector.fieldStart ?? collector.offset)
        collector.fieldStart = collector.offset + 1
    }
}

/// Called by libcsv at the end of each row (its line end, or -1 at the end of the text).
private func rowEnded(_ terminator: Int32, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
    collector.row.end = collector.offset
    collector.records.append(collector.row)
    collector.row = CSVReader.Record()
    collector.fieldStart = nil
}
