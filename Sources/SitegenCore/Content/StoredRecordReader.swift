/// Reads the fields a `StoredModel` walks through it, each into the model, from what a
/// `StoredRecordWriter` wrote. A field it cannot read leaves the model as it is, marks the
/// record `failed` and stops the reading of the others.
struct StoredRecordReader: StoredRecord {
    var reader: BinaryReader
    private(set) var failed = false

    init(reader: BinaryReader) { self.reader = reader }

    /// `read`'s value, or `nil` (and the record failed) when it has none or one failed before.
    private mutating func read<Value>(_ read: (inout BinaryReader) -> Value?) -> Value? {
        guard !failed, let value = read(&reader) else {
            failed = true
            return nil
        }
        return value
    }

    mutating func text(_ value: inout String) {
        if let text = read({ $0.string() }) { value = text }
    }

    mutating func optionalText(_ value: inout String?) {
        switch read({ $0.integer() }) {
        case 0: value = nil
        case 1: if let text = read({ $0.string() }) { value = text }
        default: failed = true
        }
    }

    mutating func flag(_ value: inout Bool) {
        switch read({ $0.integer() }) {
        case 0: value = false
        case 1: value = true
        default: failed = true
        }
    }

    mutating func integer<Number: FixedWidthInteger & SignedInteger>(_ value: inout Number) {
        if let number = read({ $0.signed().flatMap(Number.init(exactly:)) }) { value = number }
    }

    mutating func integers(_ values: inout [Int64]) {
        guard let count = read({ $0.count() }) else { return }
        var numbers: [Int64] = []
        numbers.reserveCapacity(count)
        for _ in 0..<count {
            guard let number = read({ $0.signed() }) else { return }
            numbers.append(number)
        }
        values = numbers
    }

    mutating func texts(_ values: inout [String]) {
        if let texts = read({ $0.strings() }) { values = texts }
    }

    mutating func date(_ value: inout ContentDate?) {
        switch read({ $0.integer() }) {
        case 0: value = nil
        case let flags? where flags < 8 && flags & 1 == 1:
            guard let wallClock = read({ $0.signed() }), let offset = read({ $0.signed().flatMap(Int.init(exactly:)) })
            else { return }
            value = ContentDate(
                wallClock: wallClock, offset: offset, hasWrittenOffset: flags & 4 != 0, hasTime: flags & 2 != 0)
        default: failed = true
        }
    }

    mutating func layout(_ value: inout PageLayout?) {
        switch read({ $0.integer() }) {
        case 0: value = nil
        case 1:
            guard let line = read({ $0.integer().flatMap(Int.init(exactly:)) }),
                let column = read({ $0.integer().flatMap(Int.init(exactly:)) }), let name = read({ $0.string() })
            else { return }
            value = PageLayout(name: name, line: line, column: column)
        default: failed = true
        }
    }

    mutating func values(_ values: inout [String: FieldValue]) {
        if let read = read({ $0.strings().flatMap(FieldValue.values(stored:)) }) { values = read }
    }
}
