import Foundation
import Testing

@testable import SitegenCore

/// A look at the content folder taken before the state is read gives the load
/// the same files, and stamps the source cache with when it began.
@Suite struct ContentSurveyTests {
    @Test func theLoadTakesTheSurveysFilesAndItsTime() throws {
        let root = NSTemporaryDirectory() + "sitegen-survey-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (path, text) in [
            ("site.yml", "title: Club\n"),
            ("content/posts/a.md", "---\nusername: u\ntitle: A\ndate: 2024-01-01\n---\nFirst\n"),
            ("content/menu/x.md", "---\nname: X\nprice: 1000\n---\nDish\n"),
        ] {
            try FileManager.default.createDirectory(
                atPath: (root + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
        }
        let survey = ContentSurvey(siteRoot: root)
        #expect(survey.scan.files.map(\.path) == ["content/menu/x.md", "content/posts/a.md"])
        #expect(survey.statuses.allSatisfy { $0 != nil })
        // A file added after the look is not in this build; the next one finds it.
        try Data("---\nusername: u\ntitle: B\n---\nLate\n".utf8).write(
            to: URL(fileURLWithPath: root + "/content/posts/b.md"))
        let loader = SiteLoader(siteRoot: URL(fileURLWithPath: root))
        let loaded = loader.load(cache: nil, survey: survey)
        #expect(loaded.content?.posts.map(\.slug) == ["a"])
        #expect(loaded.cache.written == survey.started)
        #expect(loader.load(cache: nil).content?.posts.count == 2)
    }
}
