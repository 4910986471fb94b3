import Foundation

/// A tag's or a username's name as it names a page: folded to a key (two spellings with
/// one key are one tag or one author, `PostGroups`), and the key made a folder's name.
/// Read where the names are read (front matter, a collection's term fields) and where
/// their pages are planned.
enum GroupName {
    /// A name folded for comparison: Unicode NFC, then case-folded (ASCII the quick way).
    static func key(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            guard name.utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return name }
            return String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return name.precomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// The folder of a tag's or username's page, from its key: the key itself where it can name a
    /// folder, else with each character that cannot turned into `-`: a slash, a backslash, a
    /// control character, a leading dot, a space at either end; a blank key is `-`. Unicode
    /// letters stay (`스크럼` → `스크럼`).
    static func segment(ofKey key: String) -> String {
        if key.isEmpty || key.allSatisfy(\.isWhitespace) { return "-" }
        guard needsSlug(key) else { return key }
        var scalars = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            let cannot = scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control
            scalars.append(cannot ? "-" : scalar)
        }
        var characters = Array(String(scalars))
        if characters.first == "." { characters[0] = "-" }
        for index in characters.indices {
            guard characters[index].isWhitespace else { break }
            characters[index] = "-"
        }
        for index in characters.indices.reversed() {
            guard characters[index].isWhitespace else { break }
            characters[index] = "-"
        }
        return String(characters)
    }

    /// Whether a key holds anything `segment(ofKey:)` changes.
    private static func needsSlug(_ key: String) -> Bool {
        key.hasPrefix(".") || key.first!.isWhitespace || key.last!.isWhitespace
            || key.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control }
    }

    /// Why a tag or username cannot name a page (`nil` when it can): only its length, since
    /// `segment(ofKey:)` turns every character a folder cannot hold into one it can.
    static func segmentProblem(_ name: String) -> String? {
        segment(ofKey: key(name)).utf8.count > 200 ? "is longer than 200 bytes" : nil
    }
}
