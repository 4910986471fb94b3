/// One page of a list of posts — the posts list, a tag's or an author's — cut
/// into pages of `paginate` posts (`site.yml`; 0 for one page): the first page
/// at the list's own address, page N at `…/page/N/`.
package struct PostList: Sendable {
    /// Whose list it is.
    package enum Owner: Sendable {
        /// Every post (`/posts/`).
        case all
        /// A tag's posts, by index into `PostGroups.tags`.
        case tag(Int)
        /// An author's posts, by index into `PostGroups.authors`.
        case author(Int)
        /// A declared collection's items, by the collection's place in `site.yml`.
        case collection(Int)
        /// The items of a collection with one term of a taxonomy field, by index into `CollectionTerms.terms`.
        case term(Int)
    }

    package var owner: Owner
    /// This page's number, from 1.
    package var number: Int
    /// How many pages the list has (at least 1: an empty list has one empty page).
    package var pageCount: Int
    /// The posts on this page, as positions in the owner's list.
    package var range: Range<Int>
    /// How many posts the whole list has.
    package var total: Int

    /// The folder of this page under the list's own: none for the first page, `page/N` for the others.
    var folder: [String] { number == 1 ? [] : ["page", String(number)] }

    /// The pages of a list of `count` posts, `perPage` to a page (0 for all on one).
    static func pages(of owner: Owner, count: Int, perPage: Int) -> [PostList] {
        let size = perPage > 0 ? perPage : max(count, 1)
        let pageCount = max(1, (count + size - 1) / size)
        return (1...pageCount).map { number in
            let start = (number - 1) * size
            return PostList(
                owner: owner, number: number, pageCount: pageCount, range: start..<min(count, start + size),
                total: count)
        }
    }

    /// `page.pagination`: the page's posts (`items`), where it is in the list and the links around it.
    /// `pages` is a window of page numbers around this one, with the first and the last, and
    /// `gap` set where numbers are skipped before an entry.
    /// `countKey` names the theme's words for the count (`post_count`, `item_count`).
    func value(
        items: [TemplateValue], segments: [String], paths: SitePaths, strings: ThemeStrings,
        countKey: String = "post_count"
    ) -> TemplateValue {
        // Page N's link is the first page's followed by its `folder` (`page/N/`): the first made once.
        let first = paths.link(segments)
        func url(_ number: Int) -> TemplateValue { .string(number == 1 ? first : first + "page/\(number)/") }
        let shown = Set([1, pageCount]).union(max(1, number - 2)...min(pageCount, number + 2)).sorted()
        var previousShown = 0
        let pages: [TemplateValue] = shown.map { shownNumber in
            defer { previousShown = shownNumber }
            return .object([
                "number": .string(String(shownNumber)), "url": url(shownNumber),
                "current": .bool(shownNumber == number),
                "gap": .bool(shownNumber > previousShown + 1),
            ])
        }
        return .object([
            "items": .list(items),
            "has_items": .bool(!items.isEmpty),
            "number": .int(number),
            "page_count": .int(pageCount),
            "total": .int(total),
            "total_text": .string(strings.count(total, countKey)),
            "is_paginated": .bool(pageCount > 1),
            "first_url": url(1),
            "last_url": url(pageCount),
            "previous_url": number > 1 ? url(number - 1) : .null,
            "next_url": number < pageCount ? url(number + 1) : .null,
            "pages": .list(pages),
            "position_text": .string(strings.format("page_n_of_m", ["n": String(number), "m": String(pageCount)])),
        ])
    }
}
