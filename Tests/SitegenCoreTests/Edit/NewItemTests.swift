import Testing

@testable import SitegenCore

@Suite struct NewItemTests {
    private let date = ContentDate(secondsSince1970: 1_714_555_800)  // 2024-05-01T09:30:00Z

    @Test func aPostFileHasUsernameTitleAndDateInUTC() {
        let item = NewItem(.post(username: "프렘", title: "yes"), body: Array("Hi".utf8), date: date)
        #expect(
            String(decoding: item.fileBytes, as: UTF8.self)
                == "---\nusername: 프렘\ntitle: \"yes\"\ndate: 2024-05-01T09:30:00Z\n---\nHi\n")
    }

    @Test func aPostsDateAsWrittenTagsAsAFlowListAndDraftFollowTheTitle() {
        let given = "2024-05-01 18:30"
        let item = NewItem(
            .post(username: "u", title: "t", tags: ["scrum", "a, b", "yes"], isDraft: true),
            date: ContentDate(parsing: given)!, dateText: given)
        #expect(
            String(decoding: item.fileBytes, as: UTF8.self)
                == "---\nusername: u\ntitle: t\ndate: 2024-05-01 18:30\ntags: [scrum, \"a, b\", \"yes\"]\ndraft: true\n---\n"
        )
    }

    @Test func tagsAreSplitAtCommasAndTrimmed() throws {
        #expect(try NewItem.tags(commaSeparated: " scrum, 회고 ,retro ") == ["scrum", "회고", "retro"])
        #expect(try NewItem.tags(commaSeparated: "solo") == ["solo"])
    }

    @Test func emptyAndRepeatedTagsAreRefused() {
        for text in ["", " ", ",", "a,,b", "a, ", "a,b,a"] {
            #expect(throws: NewItem.TagListProblem.self, "\(text.debugDescription)") {
                try NewItem.tags(commaSeparated: text)
            }
        }
    }

    @Test func aMenuItemsPriceIsAPlainNumber() {
        let item = NewItem(.menuItem(name: "대방어", price: "33000"), date: date)
        #expect(String(decoding: item.fileBytes, as: UTF8.self) == "---\nname: 대방어\nprice: 33000\n---\n")
    }

    @Test func slugsComeFromTheTitleTheFirstLineOrTheDate() throws {
        #expect(try NewItem(.post(username: "u", title: "스크럼 스터디 할 사람?"), date: date).resolvedSlug() == "스크럼-스터디-할-사람")
        #expect(
            try NewItem(.post(username: "u", title: nil), body: Array("# 저요저요\nbody".utf8), date: date).resolvedSlug()
                == "저요저요")
        #expect(try NewItem(.post(username: "u", title: nil), date: date).resolvedSlug() == "2024-05-01-093000")
        #expect(try NewItem(.profile(name: "Kim Lee", bio: nil), date: date).resolvedSlug() == "kim-lee")
    }

    @Test func aLongTitleGivesASlugCutAtAWordWithinSixtyCharacters() throws {
        let title = String(repeating: "word ", count: 30)
        let slug = try NewItem(.post(username: "u", title: title), date: date).resolvedSlug()
        #expect(slug.count <= 60 && slug.hasSuffix("word") && !slug.hasSuffix("-"))
    }

    @Test func unsafeSlugsAreRefused() {
        for slug in ["a/b", "..", ".hidden", "a:b"] {
            #expect(throws: EditFailure.self) {
                try NewItem(.post(username: "u", title: nil), slug: slug, date: date).resolvedSlug()
            }
        }
        #expect(throws: EditFailure.self) { try NewItem(.menuItem(name: "!!!", price: "1"), date: date).resolvedSlug() }
    }
}
