/// How to fix a YAML error people often meet, said after libyaml's words. Today one:
/// a value with `: ` in it (`title: Scrum: a study`), which YAML reads as a second
/// key unless the value is quoted.
enum YAMLErrorHint {
    /// The hint for `error` in the YAML text `yaml`, starting with `; `, or "" when there is none.
    static func hint(for error: YAMLError, in yaml: ArraySlice<UInt8>) -> String {
        guard error.message.hasPrefix("mapping values are not allowed") else { return "" }
        let general = "; a value with \": \" in it must be quoted"
        let lines = yaml.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.indices.contains(error.line - 1) else { return general }
        let line = String(decoding: lines[error.line - 1], as: UTF8.self)
        guard let colon = line.range(of: ": ") else { return general }
        let value = line[colon.upperBound...].drop(while: { $0 == " " })
        let ending = value.hasSuffix("\r") ? value.dropLast() : value
        guard let first = ending.first, first != "\"", first != "'" else { return general }
        let escaped = ending.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] }
        return general + ", as in: " + line[..<colon.upperBound] + "\"" + String(escaped) + "\""
    }
}
