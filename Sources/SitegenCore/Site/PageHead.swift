/// `page.head`: what the head of a page says to link previews and search engines, for any
/// theme to write as tags: the canonical URL, the title and description, the type, the
/// site's name and locale, the picture and the dates. Every URL in it is absolute, so the
/// whole value is `null` without an absolute `base_url` (the build warns of that).
struct PageHead: Sendable {
    private let paths: SitePaths
    private let siteName: String
    private let siteDescription: String?
    private let locale: String?
    /// `image:` in `site.yml`, the picture of pages that have none of their own.
    private let siteImage: TemplateValue
    /// A hash of what the value is made of besides `site.yml` (the site image's size).
    let identity: UInt64

    /// The head values of pages of a site with `settings`, whose images have `sizes`.
    init(settings: SiteSettings, paths: SitePaths, sizes: [String: ImageSize]) {
        self.paths = paths
        siteName = settings.title
        siteDescription = settings.description
        locale = Self.locale(of: settings.language)
        var identity = StableHash()
        if let image = settings.image {
            let (url, output) = CollectionImages.resolve(image, source: "site.yml", root: paths.root)
            let size = output.flatMap { sizes[$0] }
            let absolute = image.isRemote ? (url.hasPrefix("//") ? "https:" + url : url) : paths.absolute(url)
            siteImage = .object([
                "url": .string(absolute), "width": size.map { .int($0.width) } ?? .null,
                "height": size.map { .int($0.height) } ?? .null, "alt": .string(settings.title),
            ])
            identity.combine(UInt64(size?.width ?? 0))
            identity.combine(UInt64(size?.height ?? 0))
        } else {
            siteImage = .null
        }
        self.identity = identity.value
    }

    /// The head of `page`, whose value (its item's fields and the page's) is `fields`.
    func value(of page: PlannedPage, fields: [TemplateKey: TemplateValue]) -> TemplateValue {
        guard paths.baseURL.isAbsolute, page.isHTML, page.redirect == nil, page.output != "404.html" else {
            return .null
        }
        typealias Keys = SiteValues.HeadKeys
        let description = fields[Keys.metaDescription]?.stringValue ?? siteDescription
        let published = fields["date_iso"]?.stringValue
        var image = fields[Keys.shareImage] ?? .null
        if !image.isTruthy { image = siteImage }
        return .object([
            "canonical_url": .string(paths.absolute(page.url)),
            "title": .string(page.title),
            "description": description.map(TemplateValue.string) ?? .null,
            "type": .string(published == nil ? "website" : "article"),
            "site_name": .string(siteName),
            "locale": locale.map(TemplateValue.string) ?? .null,
            "image": image,
            "published_time": published.map(TemplateValue.string) ?? .null,
            "modified_time": fields[Keys.updatedISO] ?? .null,
            "twitter_card": .string(image.isTruthy ? "summary_large_image" : "summary"),
        ])
    }

    /// OpenGraph's `og:locale` (`ko_KR`) for a language tag: its region when it names one
    /// (`en-GB` → `en_GB`), else the region the language is mostly read in; `nil` for a
    /// language without one here (then no tag is better than a guess).
    static func locale(of language: String) -> String? {
        let subtags = language.split(separator: "-").map(String.init)
        guard let first = subtags.first else { return nil }
        let code = first.lowercased()
        if let region = subtags.dropFirst().first(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) }) {
            return code + "_" + region.uppercased()
        }
        if code == "zh", subtags.contains(where: { $0.lowercased() == "hant" }) { return "zh_TW" }
        return regions[code].map { code + "_" + $0 }
    }

    private static let regions = [
        "ar": "AR", "cs": "CZ", "da": "DK", "de": "DE", "el": "GR", "en": "US", "es": "ES", "fi": "FI",
        "fr": "FR", "he": "IL", "hi": "IN", "hu": "HU", "id": "ID", "it": "IT", "ja": "JP", "ko": "KR",
        "nb": "NO", "nl": "NL", "pl": "PL", "pt": "BR", "ro": "RO", "ru": "RU", "sv": "SE", "th": "TH",
        "tr": "TR", "uk": "UA", "vi": "VN", "zh": "CN",
    ]
}
