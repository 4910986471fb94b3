/// A `LanguageDefinition` made ready for `TokenHighlighter`: delimiters as bytes,
/// regions looked up by their first byte, keywords lowercased where case does not count.
final class CompiledLanguage: Sendable {
    struct CompiledRegion: Sendable {
        let region: Region
        let open: [UInt8]
        let close: [UInt8]
        let interpolationOpen: [UInt8]
        let prefixes: [[UInt8]]
    }

    let numbers: LanguageDefinition.Numbers
    let softKeywords: Set<String>
    let keywordsAfterDot: Set<String>
    let ignoresCase, capitalisedNamesAreTypes, keysBeforeColon, otherLinesArePlain, prompts: Bool
    let regexLiterals, markupTags, macros: Bool
    let regions: [CompiledRegion]
    /// For each byte, the regions whose opener (without a prefix) starts with it, longest opener first.
    let regionsByFirstByte: [[Int]]
    /// The regions that take letter prefixes, longest opener first.
    let prefixedRegions: [Int]
    let sigilsByByte: [Sigil?]
    let nameByte: [Bool]
    let keywords: Set<String>
    let types: Set<String>
    let lineKeys: [(separators: [[UInt8]], kind: TokenKind)]
    let lineKinds: [(prefix: [UInt8], kind: TokenKind)]
    /// Bytes a token may start with; other bytes are written as plain runs.
    let startsToken: [Bool]

    init(_ definition: LanguageDefinition) {
        numbers = definition.numbers
        softKeywords = definition.softKeywords
        keywordsAfterDot = definition.keywordsAfterDot
        ignoresCase = definition.ignoresCase
        capitalisedNamesAreTypes = definition.capitalisedNamesAreTypes
        keysBeforeColon = definition.keysBeforeColon
        otherLinesArePlain = definition.otherLinesArePlain
        prompts = definition.prompts
        regexLiterals = definition.regexLiterals
        markupTags = definition.markupTags
        macros = definition.macros
        let sorted = definition.regions.sorted { $0.open.utf8.count > $1.open.utf8.count }
        regions = sorted.map { region in
            let close: [UInt8] =
                switch region.end {
                case .delimiter(let text): Array(text.utf8)
                case .lineEnd, .opener: []
                }
            return CompiledRegion(
                region: region, open: Array(region.open.utf8), close: close,
                interpolationOpen: Array((region.interpolation?.open ?? "").utf8),
                prefixes: region.prefixes.map { Array($0.lowercased().utf8) })
        }
        var byFirstByte = [[Int]](repeating: [], count: 256)
        var prefixed: [Int] = []
        for (index, region) in regions.enumerated() {
            if region.prefixes.contains([]) {
                byFirstByte[Int(region.open[0])].append(index)
                if region.region.hashes { byFirstByte[Int(UInt8(ascii: "#"))].append(index) }
            }
            if region.prefixes.contains(where: { !$0.isEmpty }) { prefixed.append(index) }
        }
        regionsByFirstByte = byFirstByte
        prefixedRegions = prefixed
        var sigils = [Sigil?](repeating: nil, count: 256)
        for sigil in definition.sigils { sigils[Int(sigil.byte)] = sigil }
        sigilsByByte = sigils
        var nameByte = (0..<256).map { CodeByte.isWordByte(UInt8($0)) }
        for byte in definition.nameBytes.utf8 { nameByte[Int(byte)] = true }
        self.nameByte = nameByte
        keywords = definition.ignoresCase ? Set(definition.keywords.map { $0.lowercased() }) : definition.keywords
        types = definition.ignoresCase ? Set(definition.types.map { $0.lowercased() }) : definition.types
        lineKeys = definition.lineKeys.map { ($0.separators.map { Array($0.utf8) }, $0.kind) }
        lineKinds = definition.lineKinds.map { (Array($0.prefix.utf8), $0.kind) }
        var startsToken = [Bool](repeating: false, count: 256)
        for byte in 0..<256 {
            let value = UInt8(byte)
            startsToken[byte] =
                CodeByte.isWordByte(value) || CodeByte.isWhitespace(value) || !byFirstByte[byte].isEmpty
                || sigils[byte] != nil
        }
        for byte in "()[]{}.-/<#".utf8 { startsToken[Int(byte)] = true }
        self.startsToken = startsToken
    }
}
