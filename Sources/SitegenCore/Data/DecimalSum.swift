/// Adds numbers written as decimal text exactly (no binary fractions: `0.10 + 0.20` is
/// `0.30`), so a table's total reads as its cells do.
enum DecimalSum {
    /// The sum of `cells` written with the most decimals any cell has, or `nil` when a cell
    /// is not a decimal number (an optional sign, digits, optionally a point and digits) or
    /// the sum does not fit in 18 digits.
    static func total(of cells: [String]) -> String? {
        var numbers: [(units: Int, decimals: Int)] = []
        numbers.reserveCapacity(cells.count)
        for cell in cells {
            guard let number = parse(cell) else { return nil }
            numbers.append(number)
        }
        let decimals = numbers.map(\.decimals).max() ?? 0
        var sum = 0
        for number in numbers {
            guard let scaled = scale(number.units, by: decimals - number.decimals) else { return nil }
            let (added, overflow) = sum.addingReportingOverflow(scaled)
            guard !overflow else { return nil }
            sum = added
        }
        return text(sum, decimals: decimals)
    }

    /// `-12.50` as (-1250, 2).
    private static func parse(_ cell: String) -> (units: Int, decimals: Int)? {
        var units = 0
        var digits = 0
        var decimals: Int?
        var negative = false
        for (index, byte) in cell.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0: negative = true
            case UInt8(ascii: "+") where index == 0: continue
            case UInt8(ascii: ".") where decimals == nil && digits > 0: decimals = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= 18 else { return nil }  // Fits in an Int whatever the digits.
                units = units * 10 + Int(byte - UInt8(ascii: "0"))
                if let places = decimals { decimals = places + 1 }
            default: return nil
            }
        }
        guard digits > 0, decimals != 0 else { return nil }  // No digits, or a point with none after it.
        return (negative ? -units : units, decimals ?? 0)
    }

    private static func scale(_ units: Int, by places: Int) -> Int? {
        var scaled = units
        for _ in 0..<places {
            let (product, overflow) = scaled.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            scaled = product
        }
        return scaled
    }

    private static func text(_ sum: Int, decimals: Int) -> String? {
        guard sum != .min else { return nil }
        var digits = String(sum.magnitude)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return (sum < 0 ? "-" : "") + digits
    }
}
