/// Integers written in decimal with commas between groups of three digits.
package enum GroupedNumber {
    /// Returns n with a comma before each group of three digits, such as "37,607,912,018" or "-1,000".
    package static func string(_ n: Int64) -> String {
        let digits = String(n.magnitude)
        var result = n < 0 ? "-" : ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
