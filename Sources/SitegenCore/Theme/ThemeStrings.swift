/// Every word the built-in theme shows a visitor, in the site's language:
/// English and Korean are built in, other languages fall back to English, and
/// `site.yml`'s `strings:` replaces any of them key by key (or adds keys a
/// site's own templates use). Templates read them as `site.strings.KEY`.
package struct ThemeStrings: Sendable {
    /// The strings by key, overrides applied.
    package let table: [String: String]

    /// The strings for a BCP 47 language (`ko`, `ko-KR`, `en-GB` …) with `overrides` applied.
    package init(language: String, overrides: [String: String] = [:]) {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        var table = Self.english
        if primary == "ko" { table.merge(Self.korean) { _, korean in korean } }
        table.merge(overrides) { _, override in override }
        self.table = table
        dateFormat = Self.pieces(of: table["date_format"] ?? "date_format") { DatePart(rawValue: String($0)) }
        formats = table.filter { $0.value.utf8.contains(UInt8(ascii: "{")) }.mapValues(Self.formatPieces)
        monthNames = (1...12).map { table["month_\($0)"] ?? "month_\($0)" }
    }

    /// `date_format` in pieces, read once: every post on a list page shows a date.
    private let dateFormat: [Piece<DatePart>]
    /// Each string with a `{` in it, in pieces, read once: list pages' titles are formatted by the thousand.
    private let formats: [String: [Piece<Substring>]]
    /// `month_1` … `month_12`.
    private let monthNames: [String]

    /// The string for a key; the key itself when no table has it (a typo shows on the page, not as a blank).
    package subscript(_ key: String) -> String { table[key] ?? key }

    /// The string for a key with `{name}` placeholders filled in.
    /// One pass over the text: a value is never searched for placeholders itself, and a
    /// `{name}` with no value given is left as written.
    package func format(_ key: String, _ values: [String: String]) -> String {
        // A key no table has stands for itself, placeholders and all.
        guard let pieces = formats[key] ?? (table[key] == nil ? Self.formatPieces(of: key) : nil) else {
            return self[key]
        }
        return pieces.reduce(into: "") { result, piece in
            switch piece {
            case .text(let text): result += text
            case .placeholder(let name):
                if let value = values[String(name)] {
                    result += value
                } else {
                    result += "{" + name + "}"
                }
            }
        }
    }

    /// A count in words: the key's `_one` form for 1, its `_other` form otherwise (`{n}` is the count).
    package func count(_ n: Int, _ key: String) -> String {
        format(n == 1 && table[key + "_one"] != nil ? key + "_one" : key + "_other", ["n": String(n)])
    }

    /// A date in words, by `date_format` (`{year}`, `{month}`, `{day}`, `{month_name}`).
    package func date(_ date: ContentDate) -> String {
        let parts = date.components
        return dateFormat.reduce(into: "") { result, piece in
            switch piece {
            case .text(let text): result += text
            case .placeholder(.year): result += String(parts.year)
            case .placeholder(.month): result += String(parts.month)
            case .placeholder(.day): result += String(parts.day)
            case .placeholder(.monthName): result += monthNames[parts.month - 1]
            }
        }
    }

    /// The placeholders `date_format` fills in.
    private enum DatePart: String, Sendable {
        case year, month, day
        case monthName = "month_name"
    }

    /// A piece of a string with placeholders: text as it is, or what a placeholder names.
    private enum Piece<Name: Sendable>: Sendable {
        case text(Substring)
        case placeholder(Name)
    }

    /// A string of `format(_:_:)` in pieces: every `{name}` whose name holds no `{` is a placeholder
    /// (one without a value given is shown as written).
    private static func formatPieces(of text: String) -> [Piece<Substring>] {
        pieces(of: text) { $0.utf8.contains(UInt8(ascii: "{")) ? nil : $0 }
    }

    /// `text` cut at its `{name}` placeholders that `named` knows; every other `{` is text.
    private static func pieces<Name>(of text: String, named: (Substring) -> Name?) -> [Piece<Name>] {
        let utf8 = text.utf8
        var pieces: [Piece<Name>] = []
        var textStart = utf8.startIndex
        var next = utf8.startIndex
        while let open = utf8[next...].firstIndex(of: UInt8(ascii: "{")) {
            let nameStart = utf8.index(after: open)
            next = nameStart
            guard let close = utf8[nameStart...].firstIndex(of: UInt8(ascii: "}")),
                let name = named(text[nameStart..<close])
            else { continue }
            if textStart < open { pieces.append(.text(text[textStart..<open])) }
            pieces.append(.placeholder(name))
            next = utf8.index(after: close)
            textStart = next
        }
        if textStart < utf8.endIndex { pieces.append(.text(text[textStart...])) }
        return pieces
    }

    static let english: [String: String] = [
        "skip_to_content": "Skip to content",
        "sections": "Sections",
        "home": "Home",
        "posts": "Posts",
        "menu": "Menu",
        "profiles": "Profiles",
        "counter": "Counter",
        "primes": "Favorite primes",
        "recent_posts": "Recent posts",
        "all_posts": "All posts →",
        "posts_lead": "Newest first.",
        "no_posts": "No posts yet.",
        "back_to_posts": "← All posts",
        "tags": "Tags",
        "all_tags": "All tags",
        "no_tags": "No tags yet.",
        "tag_title": "#{tag}",
        "tag_lead": "Posts tagged #{tag}, newest first:",
        "user_lead": "Posts by {username}, newest first:",
        "all_posts_by": "All {n} posts by {username} →",
        "posts_by": "Posts by {username}",
        "updated_on": "updated {date}",
        "page_title_n": "{title} (page {n})",
        "page_n_of_m": "Page {n} of {m}",
        "pages": "Pages",
        "previous_page": "← Newer",
        "next_page": "Older →",
        "newer_post": "Newer post",
        "older_post": "Older post",
        "more_posts": "More posts",
        "contents": "Contents",
        "draft": "draft",
        "edit_post": "Edit this post",
        "menu_empty": "The menu is empty.",
        "back_to_menu": "← Back to the menu",
        "no_profiles": "No profiles yet.",
        "back_to_profiles": "← All profiles",
        "feed": "Atom feed",
        "made_with": "Made with {generator}",
        "not_found_title": "Page not found",
        "not_found_text": "There is nothing at this address.",
        "not_found_home": "Go to the home page",
        "moved": "This page has moved to",
        "post_count_one": "1 post",
        "post_count_other": "{n} posts",
        "menu_count_one": "1 dish",
        "menu_count_other": "{n} dishes",
        "profile_count_one": "1 member",
        "profile_count_other": "{n} members",
        "item_count_one": "1 item",
        "item_count_other": "{n} items",
        "collection_empty": "Nothing here yet.",
        "term_title": "{collection}: {term}",
        "terms_title": "{collection}: {field}",
        "yes": "yes",
        "no": "no",
        "is_prime": "{n} is prime 🎉",
        "is_not_prime": "{n} is not prime :(",
        "nth_prime": "the {ordinal} prime is {value}",
        "nth_prime_none": "Primes are counted from the 1st; a count of 1 or more shows the count-th prime.",
        "favorite_primes": "favorite primes",
        "see_also": "See also:",
        "back_to_counter": "counter",
        "prime": "Prime",
        "position": "Position",
        "in_words": "In words",
        "prime_in_words": "{value} is the {ordinal} prime",
        "no_favorites": "No favorites yet.",
        "date_format": "{month_name} {day}, {year}",
        // The preview's editing controls (`sitegen serve`; never in `build` output).
        "edit_new_post": "Write a new post",
        "edit_publish": "Post",
        "edit_open": "Edit",
        "edit_save": "Save",
        "edit_cancel": "Cancel",
        "edit_username": "Username",
        "edit_title": "Title",
        "edit_tags": "Tags",
        "edit_tags_hint": "Separate tags with commas.",
        "edit_list_hint": "Separate items with commas.",
        "edit_new_item": "Add a new item",
        "edit_content": "Content",
        "edit_fixed": "cannot be changed",
        "edit_name": "Name",
        "edit_price": "Price",
        "edit_menu_item": "Edit the dish",
        "edit_bio": "Edit bio",
        "edit_bio_field": "Bio",
        "edit_count_down": "Count down",
        "edit_count_up": "Count up",
        "edit_save_favorite": "Save to favorite primes",
        "edit_remove_favorite": "Remove from favorite primes",
        "edit_add_favorite": "Add a favorite prime",
        "edit_add": "Add",
        "edit_remove": "Remove",
        "edit_saving": "Saving…",
        "edit_conflict":
            "The file changed on disk since you opened it, so nothing was written. Your draft is still here.",
        "edit_reload": "Reload the page",
        "edit_refused": "The preview refused the change:",
        "footnote_back": "Back to reference {n}",
        "alert_note": "Note", "alert_tip": "Tip", "alert_important": "Important", "alert_warning": "Warning",
        "alert_caution": "Caution",
        "edit_failed": "Could not save:",
        "edit_invalid": "Not saved. Please fix this first:",
        "edit_where": "In",
        "edit_held": "This page changed while you were editing; it reloads once you save or cancel.",
        "month_1": "January", "month_2": "February", "month_3": "March", "month_4": "April",
        "month_5": "May", "month_6": "June", "month_7": "July", "month_8": "August",
        "month_9": "September", "month_10": "October", "month_11": "November", "month_12": "December",
    ]

    static let korean: [String: String] = [
        "skip_to_content": "본문으로 건너뛰기",
        "sections": "섹션",
        "home": "홈",
        "posts": "글",
        "menu": "메뉴",
        "profiles": "프로필",
        "counter": "카운터",
        "primes": "좋아하는 소수",
        "recent_posts": "최근 글",
        "all_posts": "모든 글 보기 →",
        "posts_lead": "최신 글부터 보여 줍니다.",
        "no_posts": "아직 글이 없습니다.",
        "back_to_posts": "← 목록으로",
        "tags": "태그",
        "all_tags": "모든 태그",
        "no_tags": "아직 태그가 없습니다.",
        "tag_title": "#{tag}",
        "tag_lead": "#{tag} 태그가 붙은 글, 최신 글부터:",
        "user_lead": "{username} 님이 쓴 글, 최신 글부터:",
        "all_posts_by": "{username} 님의 글 {n}개 모두 보기 →",
        "posts_by": "{username} 님이 쓴 글",
        "updated_on": "{date} 수정",
        "page_title_n": "{title} ({n}쪽)",
        "page_n_of_m": "{m}쪽 중 {n}쪽",
        "pages": "쪽",
        "previous_page": "← 최신 글",
        "next_page": "이전 글 →",
        "newer_post": "다음 글",
        "older_post": "이전 글",
        "more_posts": "글 더 보기",
        "contents": "목차",
        "draft": "초안",
        "edit_post": "이 글 고치기",
        "menu_empty": "메뉴가 비어 있습니다.",
        "back_to_menu": "← 메뉴로",
        "no_profiles": "아직 프로필이 없습니다.",
        "back_to_profiles": "← 프로필 목록",
        "feed": "Atom 피드",
        "made_with": "{generator}로 만들었습니다",
        "not_found_title": "페이지를 찾을 수 없습니다",
        "not_found_text": "이 주소에는 아무것도 없습니다.",
        "not_found_home": "홈으로 가기",
        "moved": "이 페이지는 이곳으로 옮겨졌습니다:",
        "post_count_one": "글 1개",
        "post_count_other": "글 {n}개",
        "item_count_one": "항목 1개",
        "item_count_other": "항목 {n}개",
        "collection_empty": "아직 아무것도 없어요.",
        "term_title": "{collection}: {term}",
        "terms_title": "{collection}: {field}",
        "yes": "예",
        "no": "아니요",
        "menu_count_one": "메뉴 1개",
        "menu_count_other": "메뉴 {n}개",
        "profile_count_one": "1명",
        "profile_count_other": "{n}명",
        "is_prime": "{n}은(는) 소수입니다 🎉",
        "is_not_prime": "{n}은(는) 소수가 아닙니다 :(",
        "nth_prime": "{count}번째 소수는 {value}입니다",
        "nth_prime_none": "소수는 첫 번째부터 셉니다. 1 이상이면 그 번째 소수를 보여 줍니다.",
        "favorite_primes": "좋아하는 소수",
        "see_also": "함께 보기:",
        "back_to_counter": "카운터",
        "prime": "소수",
        "position": "순서",
        "in_words": "풀어 쓰기",
        "prime_in_words": "{value}은(는) {count}번째 소수입니다",
        "no_favorites": "아직 좋아하는 소수가 없습니다.",
        "date_format": "{year}년 {month}월 {day}일",
        "edit_new_post": "새 글 쓰기",
        "edit_publish": "게시",
        "edit_open": "수정",
        "edit_save": "저장",
        "edit_cancel": "취소",
        "edit_username": "사용자 이름",
        "edit_title": "제목",
        "edit_tags": "태그",
        "edit_tags_hint": "태그는 쉼표로 구분합니다.",
        "edit_list_hint": "쉼표로 구분해 주세요.",
        "edit_new_item": "새 항목 추가",
        "edit_content": "내용",
        "edit_fixed": "바꿀 수 없습니다",
        "edit_name": "이름",
        "edit_price": "가격",
        "edit_menu_item": "메뉴 수정",
        "edit_bio": "소개 수정",
        "edit_bio_field": "소개",
        "edit_count_down": "하나 빼기",
        "edit_count_up": "하나 더하기",
        "edit_save_favorite": "좋아하는 소수에 저장",
        "edit_remove_favorite": "좋아하는 소수에서 빼기",
        "edit_add_favorite": "좋아하는 소수 추가",
        "edit_add": "추가",
        "edit_remove": "빼기",
        "edit_saving": "저장하는 중…",
        "edit_conflict": "연 뒤에 파일이 디스크에서 바뀌어 아무것도 쓰지 않았습니다. 작성 중인 내용은 그대로 있습니다.",
        "edit_reload": "페이지 새로 고침",
        "edit_refused": "미리 보기가 변경을 거부했습니다:",
        "footnote_back": "각주 {n} 참조 위치로 돌아가기",
        "alert_note": "참고", "alert_tip": "팁", "alert_important": "중요", "alert_warning": "경고", "alert_caution": "주의",
        "edit_failed": "저장하지 못했습니다:",
        "edit_invalid": "저장하지 않았습니다. 먼저 이것을 고쳐 주세요:",
        "edit_where": "위치:",
        "edit_held": "편집하는 동안 이 페이지가 바뀌었습니다. 저장하거나 취소하면 새로 고칩니다.",
    ]
}
