/// GitHub's alerts: a block quote whose first line is only `[!NOTE]`,
/// `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (in any case) and
/// which says something after it becomes a titled callout,
/// `<div class="markdown-alert markdown-alert-note" role="note">` with a
/// `<p class="markdown-alert-title">` (an icon and the title in the site's
/// words) before the quote's blocks. As on GitHub, only a quote at the top of
/// the document is one, not a quote in a list or in another quote; any other
/// first line (`[!NOTE] text`, `[!FOO]`) leaves an ordinary block quote.
enum Alerts {
    /// The five kinds, in GitHub's order; the raw value is the marker's word and the class's suffix.
    enum Kind: String, CaseIterable, Sendable {
        case note, tip, important, warning, caution

        /// The key of its title in the theme's words (`ThemeStrings`).
        var stringKey: String { "alert_" + rawValue }

        /// A 16×16 line drawing in the text's colour: an `i` in a circle, a light bulb, a speech bubble with
        /// `!`, a triangle with `!`, an octagon with `!`.
        var iconPaths: String {
            switch self {
            case .note: "<circle cx=\"8\" cy=\"8\" r=\"6.25\"/><path d=\"M8 7.25v4M8 4.75v.1\"/>"
            case .tip: "<path d=\"M5.75 10.5a4.25 4.25 0 1 1 4.5 0v1.75h-4.5z\"/><path d=\"M6.5 14.5h3\"/>"
            case .important: "<path d=\"M2.25 2.75h11.5v8.5h-6l-3.5 2.5v-2.5h-2z\"/><path d=\"M8 5v3M8 9.75v.1\"/>"
            case .warning: "<path d=\"M8 1.75l6.5 11.75h-13z\"/><path d=\"M8 6.25v3.5M8 11.5v.1\"/>"
            case .caution:
                "<path d=\"M5.4 1.75h5.2l3.65 3.65v5.2l-3.65 3.65H5.4L1.75 10.6V5.4z\"/><path d=\"M8 4.75v4M8 11v.1\"/>"
            }
        }
    }

    /// Turns the document's alert quotes into callouts titled from `titles` (by `Kind.stringKey`).
    static func apply(to document: MarkdownNode, titles: [String: String]) {
        for quote in document.children where quote.kind == .blockQuote {
            guard let paragraph = quote.firstChild, paragraph.kind == .paragraph, let marker = paragraph.firstChild,
                marker.kind == .text, let kind = kind(written: marker.literal ?? "")
            else { continue }
            let lineEnd = marker.next
            guard lineEnd == nil || lineEnd?.kind == .softBreak || lineEnd?.kind == .lineBreak else { continue }
            // The marker alone is no alert: GitHub wants something to say.
            guard lineEnd?.next != nil || paragraph.next != nil else { continue }
            marker.unlink()
            lineEnd?.unlink()
            if paragraph.firstChild == nil { paragraph.unlink() }
            let title = HTMLText.escaped(titles[kind.stringKey] ?? kind.rawValue.capitalized)
            let alert = MarkdownNode.raw(
                .customBlock,
                enter: "<div class=\"markdown-alert markdown-alert-\(kind.rawValue)\" role=\"note\">\n"
                    + "<p class=\"markdown-alert-title\"><svg class=\"markdown-alert-icon\" viewBox=\"0 0 16 16\" "
                    + "width=\"16\" height=\"16\" aria-hidden=\"true\" fill=\"none\" stroke=\"currentColor\" "
                    + "stroke-width=\"1.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\(kind.iconPaths)</svg>"
                    + "\(title)</p>",
                exit: "</div>")
            while let child = quote.firstChild {
                child.unlink()
                alert.append(child)
            }
            quote.replace(with: alert)
        }
    }

    /// The kind a first line names: `[!NOTE]` in any case, nothing else on the line.
    static func kind(written line: String) -> Kind? {
        guard line.hasPrefix("[!"), line.hasSuffix("]"), line.count > 3 else { return nil }
        return Kind(rawValue: line.dropFirst(2).dropLast().lowercased())
    }
}
