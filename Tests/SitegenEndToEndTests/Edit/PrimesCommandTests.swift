import Foundation
import Testing

/// `sitegen primes count|add|remove`: content/primes.md changes in its own style, or not at all.
@Suite struct PrimesCommandTests {
    /// Writes `original` as content/primes.md, runs `sitegen primes` and checks the exact bytes.
    private func expectPrimes(
        _ original: String, _ arguments: String..., gives expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let site = try TempSite.sample()
        try site.write("content/primes.md", original)
        let run = try Sitegen.run(["primes"] + arguments, in: site.root)
        #expect(run.status == 0, "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        let result = try site.bytes("content/primes.md")
        #expect(
            result == Array(expected.utf8),
            "\(arguments) gave \(String(decoding: result, as: UTF8.self).debugDescription)",
            sourceLocation: sourceLocation)
        #expect(try site.names(in: "content").filter { $0.hasPrefix(".") } == [], sourceLocation: sourceLocation)
    }

    /// Runs `sitegen primes` on `original` and checks the refusal and that the file is untouched.
    private func expectRefusal(
        _ original: String, _ arguments: String..., message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let site = try TempSite.sample()
        try site.write("content/primes.md", original)
        let before = try site.identity("content/primes.md")
        let run = try Sitegen.run(["primes"] + arguments, in: site.root)
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(
            run.stderr == message + "\n1 error in 1 file; nothing was written\n", "\(run.stderr)",
            sourceLocation: sourceLocation)
        #expect(try site.identity("content/primes.md") == before, sourceLocation: sourceLocation)
    }

    private let flow = "---\n# The counter.\ncount: 7\n# Favorites.\nfavorites: [2, 3, 5, 7, 13]\n---\nBody\n"
    private let block = "---\r\ncount: 7\r\nfavorites:\r\n    -   2\r\n    -   3   # three\r\n# last comment\r\n---\r\n"

    @Test func addExtendsAFlowList() throws {
        try expectPrimes(
            flow, "add", "17",
            gives: "---\n# The counter.\ncount: 7\n# Favorites.\nfavorites: [2, 3, 5, 7, 13, 17]\n---\nBody\n")
        try expectPrimes(
            "---\ncount: 1\nfavorites: [2,3]  # tight\n---\n", "add", "5",
            gives: "---\ncount: 1\nfavorites: [2,3,5]  # tight\n---\n")
    }

    @Test func addWritesABlockItemLikeTheOthers() throws {
        try expectPrimes(
            block, "add", "5",
            gives:
                "---\r\ncount: 7\r\nfavorites:\r\n    -   2\r\n    -   3   # three\r\n    -   5\r\n# last comment\r\n---\r\n"
        )
    }

    @Test func addToAnEmptyOrMissingList() throws {
        try expectPrimes(
            "---\ncount: 1\nfavorites: []\n---\n", "add", "2", gives: "---\ncount: 1\nfavorites: [2]\n---\n")
        try expectPrimes("---\ncount: 1\nfavorites:\n---\n", "add", "2", gives: "---\ncount: 1\nfavorites: [2]\n---\n")
        try expectPrimes("---\ncount: 1\n---\n", "add", "2", gives: "---\ncount: 1\nfavorites: [2]\n---\n")
    }

    @Test func removeTakesOneItemAndItsSeparatorFromAFlowList() throws {
        try expectPrimes(
            flow, "remove", "5",
            gives: "---\n# The counter.\ncount: 7\n# Favorites.\nfavorites: [2, 3, 7, 13]\n---\nBody\n")
        try expectPrimes(
            flow, "remove", "13",
            gives: "---\n# The counter.\ncount: 7\n# Favorites.\nfavorites: [2, 3, 5, 7]\n---\nBody\n")
        try expectPrimes(
            "---\ncount: 1\nfavorites: [ 3 ]\n---\n", "remove", "3", gives: "---\ncount: 1\nfavorites: []\n---\n")
    }

    @Test func removeTakesTheItemsLineFromABlockList() throws {
        try expectPrimes(
            block, "remove", "2",
            gives: "---\r\ncount: 7\r\nfavorites:\r\n    -   3   # three\r\n# last comment\r\n---\r\n")
        try expectPrimes(
            "---\ncount: 1\nfavorites:\n  - 3\n# end\n---\n", "remove", "3",
            gives: "---\ncount: 1\nfavorites: []\n# end\n---\n")
    }

    @Test func countIsSetInPlace() throws {
        try expectPrimes(
            flow, "count", "8",
            gives: "---\n# The counter.\ncount: 8\n# Favorites.\nfavorites: [2, 3, 5, 7, 13]\n---\nBody\n")
    }

    @Test func aNumberThatIsNotPrimeIsRefused() throws {
        try expectRefusal(flow, "add", "8", message: "content/primes.md: error: 8 is not prime")
    }

    @Test func aFavoriteAlreadyListedIsRefused() throws {
        try expectRefusal(flow, "add", "7", message: "content/primes.md:5:22: error: 7 is already a favorite")
    }

    @Test func removingANumberNotListedIsRefused() throws {
        try expectRefusal(flow, "remove", "11", message: "content/primes.md: error: 11 is not a favorite")
    }

    @Test func aCountThatIsNotANumberGetsBuildsMessage() throws {
        try expectRefusal(
            flow, "count", "seven", message: "content/primes.md:3:8: error: count must be a whole number, got \"seven\""
        )
    }

    @Test func whatWasDoneIsSaid() throws {
        let site = try TempSite.sample()
        #expect(
            try site.sitegen("primes", "add", "17").stdout
                == "added 17, the 7th prime, to the favorites in content/primes.md\n")
        #expect(
            try site.sitegen("primes", "remove", "17").stdout == "removed 17 from the favorites in content/primes.md\n")
        #expect(try site.sitegen("primes", "count", "8").stdout == "count is now 8 in content/primes.md\n")
        let build = try site.sitegen("build")
        #expect(build.status == 0)
        #expect(try site.read("public/counter/index.html").contains("8 is not prime"))
    }

    @Test func usageMistakesExitWithTwo() throws {
        let site = try TempSite.sample()
        for arguments in [
            ["primes"], ["primes", "add"], ["primes", "add", "x"], ["primes", "double", "2"],
            ["primes", "add", "2", "3"],
        ] {
            let run = try Sitegen.run(arguments, in: site.root)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
        }
    }
}
