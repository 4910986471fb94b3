import Testing

@testable import SitegenCore

/// A source path, an output path and a template key are three types (so the compiler keeps one
/// from being used as another) that cost the same: one text, hashed once, placed alike.
@Suite struct HashedTextRoleTests {
    @Test func theThreeMeaningsAreDifferentTypes() {
        let types = [
            ObjectIdentifier(SourcePath.self), ObjectIdentifier(OutputPath.self), ObjectIdentifier(TemplateKey.self),
        ]
        #expect(Set(types).count == 3)
    }

    @Test func aTextIsPlacedAlikeWhateverItMeans() {
        let text = "posts/a/index.html"
        for seed in [0, 1, -7, Int.max] {
            let placed = SourcePath(text)._rawHashValue(seed: seed)
            #expect(OutputPath(text)._rawHashValue(seed: seed) == placed)
            #expect(TemplateKey(text)._rawHashValue(seed: seed) == placed)
        }
    }

    @Test func eachTableFindsItsOwnKeysMadeAtAnotherTime() {
        let texts = ["content/posts/a.md", "content/posts/b.md", "posts/a/index.html", "", "글/b.md"]
        var sources: [SourcePath: Int] = [:]
        var outputs: [OutputPath: Int] = [:]
        for (index, text) in texts.enumerated() {
            sources[SourcePath(text)] = index
            outputs[OutputPath(text)] = -index
        }
        for (index, text) in texts.enumerated() {
            #expect(sources[SourcePath(String(text))] == index)
            #expect(outputs[OutputPath(String(text))] == -index)
        }
        let interpolated: SourcePath = "content/posts/\(["a"][0]).md"
        #expect(interpolated == "content/posts/a.md" && interpolated.description == "content/posts/a.md")
        #expect([OutputPath("b"), "a", "B"].sorted().map(\.text) == ["B", "a", "b"])
    }
}
