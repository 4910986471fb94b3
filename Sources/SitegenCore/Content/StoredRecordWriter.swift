/// Writes the fields a `StoredModel` walks through it, each in `BinaryWriter`'s form.
/// (The walk gives it each field `inout` because a reader must set them; it only reads them.)
struct StoredRecordWriter: StoredRecord {
    var writer: BinaryWriter

    mutating func text(_ value: inout String) { writer.string(value) }

    mutating func optionalText(_ value: inout String?) {
        writer.integer(value == nil ? 0 : 1)
        if let value { writer.string(value) }
    }

    mutating func flag(_ value: inout Bool) { writer.integer(value ? 1 : 0) }

    mutating func integer<Number: FixedWidthInteger & SignedInteger>(_ value: inout Number) {
        writer.integer(Int64(value))
    }

    mutating func integers(_ values: inout [Int64]) {
        writer.integer(values.count)
        for value in values { writer.integer(value) }
    }

    mutating func texts(_ values: inout [String]) { writer.strings(values) }

    /// A date as written: none (0), or its flags, wall clock and offset.
    mutating func date(_ value: inout ContentDate?) {
        guard let date = value else { return writer.integer(0) }
        writer.integer(1 + (date.hasTime ? 2 : 0) + (date.hasWrittenOffset ? 4 : 0))
        writer.integer(date.wallClock)
        writer.integer(Int64(date.offset))
    }

    /// A layout with the place it was written at: none (0), or 1, its line, column and name.
    mutating func layout(_ value: inout PageLayout?) {
        guard let layout = value else { return writer.integer(0) }
        writer.integer(1)
        writer.integer(layout.line)
        writer.integer(layout.column)
        writer.string(layout.name)
    }

    mutating func values(_ values: inout [String: FieldValue]) { writer.strings(FieldValue.stored(values)) }
}
