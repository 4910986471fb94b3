extension FieldReader {
    /// `aliases: [/2019/01/old-url/, …]`: addresses a page had before, each a
    /// root-relative site path, where a build writes a redirect to the page.
    mutating func aliases() -> [String] {
        guard let node = node("aliases") else { return [] }
        let items: [YAMLNode]
        switch node.content {
        case .scalar: items = [node]
        case .sequence(let list, _): items = list
        case .mapping:
            report("aliases must be a list of site paths like /2019/01/old-url/, found a mapping", at: node)
            return []
        }
        var aliases: [String] = []
        for item in items {
            guard let text = item.scalarText else {
                report("each of aliases must be a site path like /2019/01/old-url/, found \(item.kindName)", at: item)
                continue
            }
            if let problem = AliasAddress.problem(in: text) {
                report("alias \(FieldReader.quoted(item)) \(problem)", at: item)
            } else {
                aliases.append(text)
            }
        }
        return aliases
    }
}

/// Where an alias's redirect page is written: `/2019/01/old-url/` → `2019/01/old-url/index.html`,
/// `/old.html` → `old.html`; and what makes an alias unusable.
enum AliasAddress {
    /// Why `alias` cannot be an address of the site, or `nil`.
    static func problem(in alias: String) -> String? {
        guard alias.hasPrefix("/"), !alias.hasPrefix("//") else {
            return "must start with / (a path of this site, like /2019/01/old-url/)"
        }
        if alias.contains("?") || alias.contains("#") { return "must be a path, without ? or #" }
        let segments = segments(of: alias)
        if segments.isEmpty { return "cannot be the home page" }
        if segments.contains(where: { $0 == "." || $0 == ".." }) { return "must not hold . or .. segments" }
        for segment in segments {
            if let problem = SlugRules.problem(in: segment) { return "cannot be written: \(problem)" }
        }
        return nil
    }

    /// The output file of a usable alias.
    static func output(of alias: String) -> String {
        let segments = segments(of: alias)
        let path = segments.joined(separator: "/")
        return !alias.hasSuffix("/") && (path.hasSuffix(".html") || path.hasSuffix(".htm"))
            ? path : path + "/index.html"
    }

    /// The alias's folders, percent-decoded.
    private static func segments(of alias: String) -> [String] {
        alias.removingPercentEncodingOrSelf.split(separator: "/").map(String.init)
    }
}
