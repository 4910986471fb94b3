/// A body is shown under its page's own `h1` (every page template gives the
/// page's title one), so a body that writes `#` headings has each of its
/// headings moved one level down: `#` becomes `h2`, `##` becomes `h3`, and
/// `######` stays `h6`. A body whose headings start at `##` keeps them as
/// written. Either way the page has one `h1` and its outline skips no level.
enum HeadingLevels {
    static func apply(to document: MarkdownNode) {
        let headings = document.descendants.filter { $0.kind == .heading }
        guard headings.contains(where: { $0.headingLevel == 1 }) else { return }
        for heading in headings { heading.headingLevel = min(heading.headingLevel + 1, 6) }
    }
}
