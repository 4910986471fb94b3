import Testing

@testable import SitegenCore

@Suite("Interned template names")
struct InternedNamesTests {
    @Test("tags of the same name share one buffer of keys; other names do not")
    func sameNameSameKeys() {
        let first = MustacheNode.Path("post.author.name")
        let again = MustacheNode.Path(String("post.author.name".reversed().reversed()))
        #expect(first == again && first.keysAddress == again.keysAddress)
        #expect(first.keyTexts == ["post", "author", "name"])
        let other = MustacheNode.Path("post.author")
        #expect(other != first && other.keyTexts == ["post", "author"])
        #expect(Set([first, again, other]).count == 2)
    }

    @Test("`.` has no keys, and empty parts of a dotted name are kept as keys")
    func implicitIteratorAndEmptyParts() {
        #expect(MustacheNode.Path(".").keyTexts.isEmpty)
        #expect(MustacheNode.Path("a..b").keyTexts == ["a", "", "b"])
        #expect(MustacheNode.Path("제목").keyTexts == ["제목"])
    }

    @Test("paths made on many threads at once agree")
    func madeConcurrently() async {
        let names = (0..<64).map { "list\($0 % 16).item\($0 % 8)" }
        let addresses = await withTaskGroup(of: (String, UInt).self) { group in
            for name in names {
                group.addTask { (name, UInt(bitPattern: MustacheNode.Path(name).keysAddress)) }
            }
            return await group.reduce(into: [String: Set<UInt>]()) { $0[$1.0, default: []].insert($1.1) }
        }
        #expect(addresses.count == Set(names).count)
        #expect(addresses.values.allSatisfy { $0.count == 1 })
    }

    @Test("template names are interned: the same name is the same pointer")
    func templateNames() {
        let name = MustacheNode.Name("partials/post-card")
        #expect(name == MustacheNode.Name(String("partials/post-card".reversed().reversed())))
        #expect(name != MustacheNode.Name("partials/post-list") && name.text == "partials/post-card")
    }
}

extension MustacheNode.Path {
    /// Where its keys are kept: the same for two paths exactly when they share them.
    fileprivate var keysAddress: UnsafePointer<TemplateKey>? { withKeys { $0.baseAddress } }
    /// The text of each key.
    fileprivate var keyTexts: [String] { withKeys { $0.map(\.text) } }
}
