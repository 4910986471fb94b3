/// A colour derived from a name: the same name always gets the same colour,
/// different names are spread around the colour wheel.
package enum AvatarColor {
    /// A CSS colour such as `hsl(212 55% 42%)`.
    package static func css(for name: String) -> String {
        "hsl(\(hue(for: name)) 55% 42%)"
    }

    /// A hue from 0 to 359 from the FNV-1a hash of the name's UTF-8 bytes.
    package static func hue(for name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % 360)
    }

    /// The first character of a name, upper-cased, for the avatar's letter.
    package static func initial(of name: String) -> String {
        name.first.map { String($0).uppercased() } ?? "?"
    }
}
