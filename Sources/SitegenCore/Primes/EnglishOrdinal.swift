/// Numbers written as English ordinals: 1st, 2nd, 3rd, 4th, 11th, 21st.
package enum EnglishOrdinal {
    /// Returns n followed by its ordinal suffix, such as "1st", "12th", "-23rd" or "0th".
    package static func string(_ n: Int64) -> String {
        String(n) + suffix(for: n)
    }

    /// Returns n with thousands commas followed by its ordinal suffix, such as "37,607,912,018th".
    package static func grouped(_ n: Int64) -> String {
        GroupedNumber.string(n) + suffix(for: n)
    }

    /// Returns "st", "nd", "rd" or "th": the teens take "th", otherwise the last digit decides.
    private static func suffix(for n: Int64) -> String {
        let magnitude = n.magnitude
        if (11...13).contains(magnitude % 100) { return "th" }
        switch magnitude % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }
}
