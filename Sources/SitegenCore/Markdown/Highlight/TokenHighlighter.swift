/// The one highlighter engine for languages written as `LanguageDefinition`s.
///
/// It tells tokens apart and does not parse: names are looked up in the
/// definition's word lists, delimited regions (strings, comments, attributes)
/// run to their end delimiter, strings may hold code (interpolation), which may
/// hold strings again, however deep — an explicit stack, so nesting costs no
/// recursion. Every byte is written once, through `HighlightScanner`.
struct TokenHighlighter {
    private enum Context {
        /// Code: the block itself, or an interpolation waiting for its `close` byte with no bracket open.
        case code(close: UInt8?, openBrackets: Int)
        /// Inside a region, opened with `hashes` `#`s, with `depth` regions nested inside it.
        case region(index: Int, hashes: Int, depth: Int)
    }

    private let language: CompiledLanguage
    private var scanner: HighlightScanner
    private var contexts: [Context] = [.code(close: nil, openBrackets: 0)]
    /// Whether a value may come next, where a `/` starts a regex and a `<` an element.
    private var valueExpected = true

    static func html(_ code: String, language: CompiledLanguage) -> String {
        var highlighter = TokenHighlighter(language: language, scanner: HighlightScanner(code))
        while !highlighter.scanner.isAtEnd {
            switch highlighter.contexts[highlighter.contexts.count - 1] {
            case .code(let close, let openBrackets): highlighter.scanCode(close: close, openBrackets: openBrackets)
            case .region(let index, let hashes, let depth):
                highlighter.scanRegion(index, hashes: hashes, depth: depth, from: highlighter.scanner.position)
            }
        }
        return highlighter.scanner.finish()
    }

    private init(language: CompiledLanguage, scanner: HighlightScanner) {
        self.language = language
        self.scanner = scanner
    }

    // MARK: Code

    /// Writes one token of code.
    private mutating func scanCode(close: UInt8?, openBrackets: Int) {
        let start = scanner.position
        guard let byte = scanner.byte() else { return }
        if start == 0 || scanner.byte(at: start - 1) == UInt8(ascii: "\n"), contexts.count == 1, scanLine() { return }
        if CodeByte.isWhitespace(byte) {
            // Up to the first line feed included, so that the next line's start is seen.
            let blanksEnd = scanner.index(from: start, while: CodeByte.isBlank)
            scanner.emit(nil, upTo: scanner.byte(at: blanksEnd) == UInt8(ascii: "\n") ? blanksEnd + 1 : blanksEnd)
            return
        }
        let lineStart = isLineStart(start)
        if lineStart, contexts.count == 1, !language.lineKeys.isEmpty, scanLineKey() { return }
        for index in language.regionsByFirstByte[Int(byte)] {
            if let (openEnd, hashes) = regionOpening(index, at: start, lineStart: lineStart) {
                openRegion(index, hashes: hashes, openEnd: openEnd)
                return
            }
        }
        if CodeByte.isDigit(byte) && !isNameByte(scanner.byte(at: start - 1))
            || language.numbers != .none && byte == UInt8(ascii: ".") && CodeByte.isDigit(scanner.byte(1))
                && !isNameByte(scanner.byte(at: start - 1)) && scanner.byte(at: start - 1) != UInt8(ascii: ".")
            || language.numbers == .signed && byte == UInt8(ascii: "-") && CodeByte.isDigit(scanner.byte(1))
        {
            if language.numbers == .none {
                scanner.emit(nil, upTo: scanner.index(from: start) { self.isNameByte($0) })
            } else {
                let digitsStart = byte == UInt8(ascii: "-") ? start + 1 : start
                scanner.emit(.number, upTo: scanner.numberEnd(from: digitsStart))
            }
            valueExpected = false
        } else if isNameByte(byte) && !CodeByte.isDigit(byte) {
            scanWord()
        } else if let sigil = language.sigilsByByte[Int(byte)], isSigil(sigil, at: start, lineStart: lineStart) {
            let end = scanner.index(from: start + 1) { self.isNameByte($0) || sigil.nameBytes.utf8.contains($0) }
            scanner.emit(sigil.kind, upTo: end)
            valueExpected = false
        } else if language.regexLiterals && byte == UInt8(ascii: "/") && valueExpected
            && !(language.markupTags && scanner.byte(1) == UInt8(ascii: ">"))
        {
            scanner.emit(.string, upTo: regexEnd(from: start))
            valueExpected = false
        } else if language.markupTags && byte == UInt8(ascii: "<") && valueExpected,
            let nameStart = [start + 1, start + 2].first(where: {
                CodeByte.isLetter(scanner.byte(at: $0)) && ($0 == start + 1 || scanner.byte(1) == UInt8(ascii: "/"))
            })
        {
            scanner.emit(nil, upTo: nameStart)
            scanner.emit(.tag, upTo: scanner.index(from: nameStart) { self.isNameByte($0) || $0 == UInt8(ascii: ".") })
        } else if close != nil, Self.openers.contains(byte) {
            contexts[contexts.count - 1] = .code(close: close, openBrackets: openBrackets + 1)
            scanner.emit(nil, count: 1)
            valueExpected = true
        } else if let close, Self.closers.contains(byte) {
            if openBrackets == 0 && byte == close {
                contexts.removeLast()
                scanner.emit(.punctuation, count: 1)
            } else {
                contexts[contexts.count - 1] = .code(close: close, openBrackets: max(openBrackets - 1, 0))
                scanner.emit(nil, count: 1)
            }
            valueExpected = byte == UInt8(ascii: "}")
        } else {
            let end = max(scanner.index(from: start) { !self.language.startsToken[Int($0)] }, start + 1)
            scanner.emit(nil, upTo: end)
            let last = scanner.byte(at: end - 1)
            valueExpected = !(last == UInt8(ascii: ")") || last == UInt8(ascii: "]"))
        }
    }

    private static let openers: Set<UInt8> = Set("([{".utf8)
    private static let closers: Set<UInt8> = Set(")]}".utf8)

    private func isNameByte(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return language.nameByte[Int(byte)]
    }

    /// Whether only blanks come between the line's start and `index`.
    private func isLineStart(_ index: Int) -> Bool {
        var index = index - 1
        while let byte = scanner.byte(at: index), CodeByte.isBlank(byte) { index -= 1 }
        return index < 0 || scanner.byte(at: index) == UInt8(ascii: "\n")
    }

    /// At column 0: a whole line of one kind, a console's prompt or output line. False when the line
    /// is read as code.
    private mutating func scanLine() -> Bool {
        let start = scanner.position
        let lineEnd = scanner.lineEnd(from: start)
        guard lineEnd > start else { return false }  // An empty line: its line feed is whitespace.
        for (prefix, kind) in language.lineKinds where scanner.bytes[start...].starts(with: prefix) {
            scanner.emit(kind, upTo: lineEnd)
            return true
        }
        if language.prompts {
            if let commandStart = promptEnd(from: start, to: lineEnd) {
                scanner.emit(.meta, upTo: commandStart)
                let command = scanner.text(scanner.position..<lineEnd)
                scanner.emitHTML(ShellHighlighter.html(command), upTo: lineEnd)
            } else {
                scanner.emit(nil, upTo: lineEnd)
            }
            return true
        }
        if language.otherLinesArePlain {
            scanner.emit(nil, upTo: lineEnd)
            return true
        }
        return false
    }

    /// Where the command starts on a console line that begins with a prompt: `$ `, `# `, `% `, `> `,
    /// `PS> `, or a first word ending in `$` or `#` that names a user, host or folder (`me@box:~$ `).
    private func promptEnd(from start: Int, to lineEnd: Int) -> Int? {
        let wordEnd = scanner.index(from: start) { !CodeByte.isWhitespace($0) }
        guard wordEnd > start, wordEnd < lineEnd, scanner.byte(at: wordEnd) == UInt8(ascii: " ") else { return nil }
        let word = scanner.bytes[start..<wordEnd]
        let last = word.last!
        let isPrompt =
            word.count == 1
            ? "$#%>".utf8.contains(last)
            : scanner.matches("PS", at: start) && last == UInt8(ascii: ">")
                || (last == UInt8(ascii: "$") || last == UInt8(ascii: "#"))
                    && word.contains(where: { "@:~/".utf8.contains($0) })
        return isPrompt ? wordEnd + 1 : nil
    }

    /// At a line's first word: `name =` (or another separator) as a key.
    private mutating func scanLineKey() -> Bool {
        let start = scanner.position
        let nameEnd = scanner.index(from: start) {
            self.isNameByte($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
        guard nameEnd > start, !CodeByte.isDigit(scanner.byte()) else { return false }
        let separatorStart = scanner.index(from: nameEnd, while: CodeByte.isBlank)
        for (separators, kind) in language.lineKeys {
            for separator in separators where scanner.bytes[separatorStart...].starts(with: separator) {
                scanner.emit(kind, upTo: nameEnd)
                valueExpected = true
                return true
            }
        }
        return false
    }

    private func isSigil(_ sigil: Sigil, at start: Int, lineStart: Bool) -> Bool {
        guard
            CodeByte.isLetter(scanner.byte(1))
                || sigil.byte == UInt8(ascii: "$") && scanner.byte(1) == UInt8(ascii: "{")
        else { return false }
        if sigil.atLineStart && !lineStart { return false }
        let previous = scanner.byte(at: start - 1)
        return !isNameByte(previous) && previous != sigil.byte
    }

    private mutating func scanWord() {
        let start = scanner.position
        let end = scanner.index(from: start + 1) { self.isNameByte($0) }
        if !language.prefixedRegions.isEmpty && end - start <= 3, scanPrefixedRegion(wordEnd: end) { return }
        var word = scanner.text(start..<end)
        if language.ignoresCase { word = word.lowercased() }
        let afterDot =
            scanner.byte(at: start - 1) == UInt8(ascii: ".") && scanner.byte(at: start - 2) != UInt8(ascii: ".")
        let kind: TokenKind?
        if language.keywords.contains(word) && (!afterDot || language.keywordsAfterDot.contains(word)) {
            kind = .keyword
        } else if language.macros && scanner.byte(at: end) == UInt8(ascii: "!")
            && scanner.byte(at: end + 1) != UInt8(ascii: "=")
        {
            scanner.emit(.meta, upTo: end + 1)
            valueExpected = true
            return
        } else if !language.softKeywords.isEmpty && language.softKeywords.contains(word) && isSoftKeyword(start, end) {
            kind = .keyword
        } else if language.types.contains(word) && !afterDot
            || language.capitalisedNamesAreTypes && CodeByte.isUppercase(scanner.byte(at: start))
        {
            kind = .type
        } else if language.keysBeforeColon && isBeforeColon(end) {
            kind = .attribute
        } else {
            kind = nil
        }
        scanner.emit(kind, upTo: end)
        valueExpected = kind == .keyword
    }

    private func isSoftKeyword(_ start: Int, _ end: Int) -> Bool {
        guard isLineStart(start), CodeByte.isBlank(scanner.byte(at: end)) else { return false }
        let next = scanner.byte(at: scanner.index(from: end, while: CodeByte.isBlank))
        return next.map { !"=.:,)]}\n".utf8.contains($0) } ?? false
    }

    private func isBeforeColon(_ end: Int) -> Bool {
        let next = scanner.index(from: end, while: CodeByte.isWhitespace)
        return scanner.byte(at: next) == UInt8(ascii: ":") && scanner.byte(at: next + 1) != UInt8(ascii: ":")
    }

    /// Past a regex literal starting at the `/` at `start`: its closing `/` (one inside `[…]` does not
    /// count) and flags, or the end of its line.
    private func regexEnd(from start: Int) -> Int {
        var index = start + 1
        var inClass = false
        while let byte = scanner.byte(at: index), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "[") { inClass = true }
            if byte == UInt8(ascii: "]") { inClass = false }
            index += 1
            if byte == UInt8(ascii: "/") && !inClass {
                return scanner.index(from: index, while: CodeByte.isASCIILetter)
            }
        }
        return min(index, scanner.count)
    }

    // MARK: Regions

    /// Where a region's opener ends, and how many `#`s it has, if region `index` opens at `start`
    /// (after any prefix).
    private func regionOpening(_ index: Int, at start: Int, lineStart: Bool) -> (Int, Int)? {
        let compiled = language.regions[index]
        if compiled.region.atLineStart && !lineStart { return nil }
        var openStart = start
        if compiled.region.hashes { openStart = scanner.index(from: start) { $0 == UInt8(ascii: "#") } }
        guard scanner.bytes[openStart...].starts(with: compiled.open) else { return nil }
        if CodeByte.isLetter(compiled.open[0]) && isNameByte(scanner.byte(at: start - 1)) { return nil }
        let openEnd = openStart + compiled.open.count
        if compiled.region.isCharacter && !isCharacterLiteral(compiled, from: openEnd) { return nil }
        return (openEnd, openStart - start)
    }

    /// Whether one character or one escape, then the region's end delimiter, follow `index`.
    private func isCharacterLiteral(_ compiled: CompiledLanguage.CompiledRegion, from index: Int) -> Bool {
        guard let first = scanner.byte(at: index), first != UInt8(ascii: "\n") else { return false }
        var end: Int
        if first == UInt8(ascii: "\\") {
            end = index + 2
            while end < scanner.count && end < index + 12 && !scanner.bytes[end...].starts(with: compiled.close)
                && scanner.bytes[end] != UInt8(ascii: "\n")
            {
                end += 1
            }
        } else {
            end = index + 1
            while end < scanner.count && scanner.bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        return scanner.bytes[min(end, scanner.count)...].starts(with: compiled.close)
    }

    /// At a short word: a region opening right after it with the word as its prefix (`rb'…'`).
    private mutating func scanPrefixedRegion(wordEnd: Int) -> Bool {
        let start = scanner.position
        let prefix = scanner.bytes[start..<wordEnd].map { $0 | 0x20 }
        for index in language.prefixedRegions where language.regions[index].prefixes.contains(prefix) {
            if let (openEnd, hashes) = regionOpening(index, at: wordEnd, lineStart: false) {
                openRegion(index, hashes: hashes, openEnd: openEnd)
                return true
            }
        }
        return false
    }

    private mutating func openRegion(_ index: Int, hashes: Int, openEnd: Int) {
        let compiled = language.regions[index]
        valueExpected = false
        if case .opener = compiled.region.end {
            scanner.emit(compiled.region.kind, upTo: openEnd)
            return
        }
        contexts.append(.region(index: index, hashes: hashes, depth: 0))
        scanRegion(index, hashes: hashes, depth: 0, from: openEnd)
    }

    /// Writes a region's text from the cursor, scanning from `from`, up to its end (then its context is
    /// closed) or up to an interpolation, whose code context it opens.
    private mutating func scanRegion(_ regionIndex: Int, hashes: Int, depth: Int, from: Int) {
        let compiled = language.regions[regionIndex]
        let region = compiled.region
        let kind = region.kind
        var depth = depth
        var index = from
        let lineEnds: Bool
        switch region.end {
        case .lineEnd: lineEnds = true
        default: lineEnds = region.singleLine
        }
        while let byte = scanner.byte(at: index) {
            if byte == UInt8(ascii: "\n") && lineEnds { break }
            if region.escapes && byte == UInt8(ascii: "\\") {
                guard hashesRun(from: index + 1, count: hashes) else {
                    index += 1  // In a raw string, a backslash without its `#`s is text.
                    continue
                }
                let afterHashes = index + 1 + hashes
                if compiled.interpolationOpen.first == UInt8(ascii: "\\"),
                    scanner.bytes[afterHashes...].starts(with: compiled.interpolationOpen.dropFirst())
                {
                    openInterpolation(
                        regionIndex, hashes, depth, at: index, end: afterHashes + compiled.interpolationOpen.count - 1)
                    return
                }
                // An escaped line feed does not carry a single-line string on to the next line.
                index = scanner.byte(at: afterHashes) == UInt8(ascii: "\n") && lineEnds ? afterHashes : afterHashes + 1
                continue
            }
            if let interpolation = region.interpolation, compiled.interpolationOpen.first != UInt8(ascii: "\\"),
                byte == compiled.interpolationOpen[0], scanner.bytes[index...].starts(with: compiled.interpolationOpen)
            {
                let openEnd = index + compiled.interpolationOpen.count
                if interpolation.doubledOpenIsText && scanner.bytes[openEnd...].starts(with: compiled.interpolationOpen)
                {
                    index = openEnd + compiled.interpolationOpen.count
                    continue
                }
                openInterpolation(regionIndex, hashes, depth, at: index, end: openEnd)
                return
            }
            if region.variables && byte == UInt8(ascii: "$") && CodeByte.isLetter(scanner.byte(at: index + 1)) {
                scanner.emit(kind, upTo: index)
                scanner.emit(.variable, upTo: scanner.index(from: index + 1, while: CodeByte.isWordByte))
                index = scanner.position
                continue
            }
            if !compiled.close.isEmpty && byte == compiled.close[0]
                && scanner.bytes[index...].starts(with: compiled.close)
                && hashesRun(from: index + compiled.close.count, count: hashes)
            {
                let end = index + compiled.close.count + hashes
                if region.doubledEndIsText && scanner.bytes[end...].starts(with: compiled.close) {
                    index = end + compiled.close.count
                    continue
                }
                if depth > 0 {
                    depth -= 1
                    index = end
                    continue
                }
                contexts.removeLast()
                let isKey = kind == .string && language.keysBeforeColon && isBeforeColon(end)
                scanner.emit(isKey ? .attribute : kind, upTo: end)
                return
            }
            if region.nests && byte == compiled.open[0] && scanner.bytes[index...].starts(with: compiled.open) {
                depth += 1
                index += compiled.open.count
                continue
            }
            index += 1
        }
        contexts.removeLast()
        scanner.emit(kind, upTo: index)
    }

    private mutating func openInterpolation(_ regionIndex: Int, _ hashes: Int, _ depth: Int, at index: Int, end: Int) {
        let region = language.regions[regionIndex].region
        scanner.emit(region.kind, upTo: index)
        scanner.emit(.punctuation, upTo: end)
        contexts[contexts.count - 1] = .region(index: regionIndex, hashes: hashes, depth: depth)
        contexts.append(.code(close: region.interpolation?.close, openBrackets: 0))
        valueExpected = true
    }

    private func hashesRun(from start: Int, count: Int) -> Bool {
        count == 0 || (0..<count).allSatisfy { scanner.byte(at: start + $0) == UInt8(ascii: "#") }
    }
}
