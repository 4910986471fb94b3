import Testing
@testable import SitegenCore

@Suite struct ContentKindTests {
    private func kind(_ name: String) -> ContentKind? {
        if case .success(let found) = ContentKind.of(contentName: name) { return found.kind }
        return nil
    }

    @Test func sectionFoldersDecideTheKind() {
        #expect(kind("posts/hello") == .post)
        #expect(kind("menu/대방어") == .menuItem)
        #expect(kind("profiles/kim") == .profile)
        #expect(kind("primes") == .primes)
        #expect(kind("about") == .page)
        #expect(kind("guides/setup") == .page)
    }

    @Test func pagesKeepTheirWholePathAsSlug() throws {
        let found = try ContentKind.of(contentName: "guides/setup").get()
        #expect(found.slug == "guides/setup")
        #expect(try ContentKind.of(contentName: "posts/hello").get().slug == "hello")
    }

    @Test func itemsInSubfoldersOfASectionAreRefused() {
        #expect(ContentKind.of(contentName: "posts/2024/hello").failureMessage == "put this file directly in content/posts/, not in a subfolder")
    }

    @Test func unsafeFileNamesAreRefused() {
        #expect(ContentKind.of(contentName: "posts/a:b").failureMessage == "cannot use this file name as a page address: \":\" is not allowed in a name")
    }
}

extension Result where Failure == ContentKind.KindProblem {
    fileprivate var failureMessage: String? {
        if case .failure(let problem) = self { return problem.message }
        return nil
    }
}
