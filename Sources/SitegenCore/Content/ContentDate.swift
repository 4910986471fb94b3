/// A date from front matter (`2024-05-01`, `2024-05-01 09:30`,
/// `2024-05-01T09:30:00+09:00`), kept as seconds since 1970 in UTC.
public struct ContentDate: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Int64
    /// Whether a time of day was written.
    public var hasTime: Bool

    /// Creates a date from seconds since 1970 in UTC.
    public init(secondsSince1970: Int64, hasTime: Bool = true) {
        self.secondsSince1970 = secondsSince1970
        self.hasTime = hasTime
    }

    /// Parses the forms above; `nil` when the text is not one of them or names an impossible day.
    public init?(parsing text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2),
            (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year)
        else { return nil }
        var seconds = Self.daysSince1970(year: year, month: month, day: day) * 86_400
        hasTime = !scanner.atEnd
        if hasTime {
            guard scanner.skip("T") || scanner.skip(" "),
                let hour = scanner.number(digits: 2), hour < 24, scanner.skip(":"),
                let minute = scanner.number(digits: 2), minute < 60
            else { return nil }
            var second = 0
            if scanner.skip(":") {
                guard let value = scanner.number(digits: 2), value < 61 else { return nil }
                second = value
                if scanner.skip(".") { scanner.skipDigits() }
            }
            _ = scanner.skip(" ")
            var offset = 0
            if scanner.skip("Z") || scanner.skip("z") {
                offset = 0
            } else if let sign = scanner.sign() {
                guard let hours = scanner.number(digits: 2) else { return nil }
                _ = scanner.skip(":")
                let minutes = scanner.number(digits: 2) ?? 0
                offset = sign * (hours * 3600 + minutes * 60)
            }
            guard scanner.atEnd else { return nil }
            seconds += hour * 3600 + minute * 60 + second - offset
        }
        secondsSince1970 = Int64(seconds)
    }

    /// The date's parts in UTC.
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let days = Int(secondsSince1970.floorDivided(by: 86_400))
        let secondOfDay = Int(secondsSince1970 - Int64(days) * 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        return (year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    }

    /// `2024-05-01`.
    public var dayText: String {
        let parts = components
        return "\(Self.pad(parts.year, 4))-\(Self.pad(parts.month, 2))-\(Self.pad(parts.day, 2))"
    }

    /// RFC 3339 in UTC: `2024-05-01T09:30:00Z`, as feeds and sitemaps want.
    public var rfc3339: String {
        let parts = components
        return "\(dayText)T\(Self.pad(parts.hour, 2)):\(Self.pad(parts.minute, 2)):\(Self.pad(parts.second, 2))Z"
    }

    public static func < (lhs: ContentDate, rhs: ContentDate) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Days from civil and back: Howard Hinnant's well-known proleptic Gregorian arithmetic.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

/// Reads fixed-width numbers and single characters from ASCII bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<(index + digits)] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += digits
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    mutating func skipDigits() {
        while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
