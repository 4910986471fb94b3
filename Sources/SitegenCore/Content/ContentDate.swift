import Foundation

/// A date from front matter (`2024-05-01`, `2024-05-01 09:30`,
/// `2024-05-01T09:30:00+09:00`): the wall-clock time as written and the UTC
/// offset it is shown in. A written offset is kept as written; a date written
/// without one is read in the site's time zone (`placed(in:)`, UTC until then).
package struct ContentDate: Sendable, Hashable, Comparable {
    /// The time of day and day as written (or as the site's zone shows the
    /// instant), counted in seconds since 1970 as if it were UTC.
    package private(set) var wallClock: Int64
    /// The offset from UTC the date is shown in, in seconds (east positive).
    package private(set) var offset: Int
    /// Whether the offset was written with the date (then no time zone changes it).
    package let hasWrittenOffset: Bool
    /// Whether a time of day was written.
    package let hasTime: Bool

    /// The instant: seconds since 1970-01-01T00:00:00Z.
    package var secondsSince1970: Int64 { wallClock - Int64(offset) }

    /// The instant `secondsSince1970`, shown in UTC.
    package init(secondsSince1970: Int64, hasTime: Bool = true) {
        self.init(wallClock: secondsSince1970, offset: 0, hasWrittenOffset: true, hasTime: hasTime)
    }

    /// The instant `secondsSince1970`, shown in `zone` with the offset in force then (a new post's date).
    package init(secondsSince1970: Int64, in zone: TimeZone) {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(secondsSince1970)))
        self.init(wallClock: secondsSince1970 + Int64(offset), offset: offset, hasWrittenOffset: true, hasTime: true)
    }

    /// A date from its parts, as the source cache keeps them.
    init(wallClock: Int64, offset: Int, hasWrittenOffset: Bool, hasTime: Bool) {
        self.wallClock = wallClock
        self.offset = offset
        self.hasWrittenOffset = hasWrittenOffset
        self.hasTime = hasTime
    }

    /// Parses the forms above; `nil` when the text is not one of them or names an impossible day.
    package init?(parsing text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2),
            (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year)
        else { return nil }
        var seconds = Self.daysSince1970(year: year, month: month, day: day) * 86_400
        hasTime = !scanner.atEnd
        var offset: Int?
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
            if scanner.skip("Z") || scanner.skip("z") {
                offset = 0
            } else if let sign = scanner.sign() {
                guard let hours = scanner.number(digits: 2), hours < 24 else { return nil }
                _ = scanner.skip(":")
                let minutes = scanner.number(digits: 2) ?? 0
                guard minutes < 60 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            }
            guard scanner.atEnd else { return nil }
            seconds += hour * 3600 + minute * 60 + second
        }
        wallClock = Int64(seconds)
        self.offset = offset ?? 0
        hasWrittenOffset = offset != nil
    }

    /// The date as `zone` shows it: a date written without an offset is read as
    /// that zone's wall-clock time; one written with an offset keeps it.
    package func placed(in zone: TimeZone) -> ContentDate {
        guard !hasWrittenOffset else { return self }
        // The offset in force at the instant the wall-clock time names: guess
        // with the wall clock read as UTC, then correct once (daylight saving).
        let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wallClock)))
        var placed = self
        placed.offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wallClock - Int64(guess))))
        return placed
    }

    /// The date's parts as shown (in its offset).
    package var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let days = Int(wallClock.floorDivided(by: 86_400))
        let secondOfDay = Int(wallClock - Int64(days) * 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        return (year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    }

    /// `2024-05-01`, the day as shown.
    package var dayText: String {
        let parts = components
        return "\(Self.pad(parts.year, 4))-\(Self.pad(parts.month, 2))-\(Self.pad(parts.day, 2))"
    }

    /// RFC 3339 in the date's offset, as feeds and sitemaps want: `2024-05-01T09:30:00+09:00`,
    /// `2024-05-01T09:30:00Z` in UTC; a day without a time is its first second.
    package var rfc3339: String {
        let parts = components
        let minutes = abs(offset) / 60
        guard (0..<10_000).contains(parts.year), minutes < 100 * 60 else {
            let time = "\(Self.pad(parts.hour, 2)):\(Self.pad(parts.minute, 2)):\(Self.pad(parts.second, 2))"
            return "\(dayText)T\(time)\(offsetText)"
        }
        // The usual case, written in place: every post on a list page and in the sitemap shows one.
        return String(unsafeUninitializedCapacity: 25) { buffer in
            var index = 0
            func put(_ byte: UInt8) {
                buffer[index] = byte
                index += 1
            }
            func put(_ value: Int, digits: Int) {
                var divisor = digits == 4 ? 1000 : 10
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                    divisor /= 10
                }
            }
            put(parts.year, digits: 4)
            put(UInt8(ascii: "-"))
            put(parts.month, digits: 2)
            put(UInt8(ascii: "-"))
            put(parts.day, digits: 2)
            put(UInt8(ascii: "T"))
            put(parts.hour, digits: 2)
            put(UInt8(ascii: ":"))
            put(parts.minute, digits: 2)
            put(UInt8(ascii: ":"))
            put(parts.second, digits: 2)
            if offset == 0 {
                put(UInt8(ascii: "Z"))
            } else {
                put(UInt8(ascii: offset < 0 ? "-" : "+"))
                put(minutes / 60, digits: 2)
                put(UInt8(ascii: ":"))
                put(minutes % 60, digits: 2)
            }
            return index
        }
    }

    /// `Z` for UTC, else `+09:00` or `-04:30`.
    package var offsetText: String {
        guard offset != 0 else { return "Z" }
        let minutes = abs(offset) / 60
        return (offset < 0 ? "-" : "+") + Self.pad(minutes / 60, 2) + ":" + Self.pad(minutes % 60, 2)
    }

    package static func < (lhs: ContentDate, rhs: ContentDate) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    private static func pad(_ value: Int, _ width: Int) -> String {
        guard (0..<10_000).contains(value), width <= 4 else {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        // The usual two or four digits, written in place.
        let count = max(width, value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : 4)
        return String(unsafeUninitializedCapacity: count) { buffer in
            var rest = value
            for index in (0..<count).reversed() {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return count
        }
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
