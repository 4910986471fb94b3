/// The fields of a model the source cache keeps, in their stored order, as one
/// list both ways: a `StoredModel` walks its fields through a record, and the
/// same walk writes them (`StoredRecordWriter`, from the model's values) or
/// reads them (`StoredRecordReader`, into a blank model's). A field added to
/// the walk is written and read at the same place; the two cannot disagree.
protocol StoredRecord {
    mutating func text(_ value: inout String)
    /// A text or none.
    mutating func optionalText(_ value: inout String?)
    mutating func flag(_ value: inout Bool)
    mutating func integer<Number: FixedWidthInteger & SignedInteger>(_ value: inout Number)
    mutating func integers(_ values: inout [Int64])
    /// A list of texts (tags, aliases): any texts, any count, empty ones too.
    mutating func texts(_ values: inout [String])
    mutating func date(_ value: inout ContentDate?)
    mutating func layout(_ value: inout PageLayout?)
    /// Typed field values by name (`FieldValue.stored`).
    mutating func values(_ values: inout [String: FieldValue])
}

/// A model whose fields, all but its body, the source cache keeps: a file unchanged since the
/// last build is read back from them instead of parsed again.
protocol StoredModel {
    /// The model before a record's fields are read into it: no body (the cache keeps none),
    /// and no other field that a read leaves as it is.
    static var blank: Self { get }

    /// Walks each kept field through `record`, in the one order they are stored in.
    mutating func walkStoredFields(_ record: inout some StoredRecord)
}

extension StoredModel {
    /// Appends the model's kept fields to `writer`.
    func writeStoredFields(to writer: inout BinaryWriter) {
        var record = StoredRecordWriter(writer: BinaryWriter())
        swap(&record.writer, &writer)
        var model = self
        model.walkStoredFields(&record)
        swap(&record.writer, &writer)
    }

    /// The model whose kept fields `writeStoredFields` wrote at the reader's position, with an
    /// empty body; `nil` when they are damaged.
    init?(readingStoredFields reader: inout BinaryReader) {
        var record = StoredRecordReader(reader: reader)
        var model = Self.blank
        model.walkStoredFields(&record)
        guard !record.failed else { return nil }
        reader = record.reader
        self = model
    }
}
