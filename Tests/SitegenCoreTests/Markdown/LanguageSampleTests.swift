import Testing

@testable import SitegenCore

/// A short sample of every language: its keywords, strings, comments and numbers
/// come out classed, and the text is the code byte for byte (`highlighted` checks).
@Suite("Code highlighting: every language") struct LanguageSampleTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        var language: String
        var code: String
        var keyword: String
        var string: String
        var comment: String
        var number: String
        var testDescription: String { language }
    }

    static let samples: [Sample] = [
        Sample(
            language: "rust", code: "fn main() { let s = r#\"a \"b\"\"#; // c\n    let n: u32 = 42; }",
            keyword: "fn", string: "r#\"a \"b\"\"#", comment: "// c", number: "42"),
        Sample(
            language: "go", code: "func f() int {\n\treturn len(`raw`) + 7 // x\n}", keyword: "func",
            string: "`raw`", comment: "// x", number: "7"),
        Sample(
            language: "c", code: "#include <stdio.h>\nint main(void) { return printf(\"%d\\n\", 0x1F); /* done */ }",
            keyword: "return", string: "\"%d\\n\"", comment: "/* done */", number: "0x1F"),
        Sample(
            language: "cpp",
            code: "template <typename T> auto f() { return std::string(\"s\") + 'c'; } // 1\nint x = 2;",
            keyword: "template", string: "\"s\"", comment: "// 1", number: "2"),
        Sample(
            language: "java", code: "@Override public int f() { return \"s\".length() + 3; } // c",
            keyword: "public", string: "\"s\"", comment: "// c", number: "3"),
        Sample(
            language: "kotlin", code: "fun f(n: Int) = \"n=$n ${n + 1}\" /* a /* b */ c */ + 5",
            keyword: "fun", string: "\"n=", comment: "/* a /* b */ c */", number: "5"),
        Sample(
            language: "swift", code: "let s = \"a \\(b)\" // c\nvar n = 1_000", keyword: "let", string: "\"a ",
            comment: "// c", number: "1_000"),
        Sample(
            language: "objc", code: "@interface A : NSObject\n- (void)f { NSLog(@\"hi %d\", 4); } // c\n@end",
            keyword: "@interface", string: "@\"hi %d\"", comment: "// c", number: "4"),
        Sample(
            language: "csharp", code: "public class A { string s = $\"v {x}\"; int n = 8; } // c",
            keyword: "public", string: "$\"v ", comment: "// c", number: "8"),
        Sample(
            language: "python", code: "def f(x):\n    return f\"{x}\" + '2'  # c\nn = 3.5", keyword: "def",
            string: "'2'", comment: "# c", number: "3.5"),
        Sample(
            language: "ruby", code: "def greet(name)\n  puts \"hi #{name}\" # c\n  @count += 1\nend",
            keyword: "def", string: "\"hi ", comment: "# c", number: "1"),
        Sample(
            language: "php", code: "<?php\nfunction f($a) { echo \"v $a\"; return 10; } // c",
            keyword: "function", string: "\"v ", comment: "// c", number: "10"),
        Sample(
            language: "js", code: "const re = /a+/g; let s = `t ${x}`; // c\nx = 0.5;", keyword: "const",
            string: "/a+/g", comment: "// c", number: "0.5"),
        Sample(
            language: "ts", code: "interface A { n: number }\nconst s: string = 'x'; // c\nlet n = 6;",
            keyword: "interface", string: "'x'", comment: "// c", number: "6"),
        Sample(
            language: "jsx", code: "const App = () => <div className=\"a\">{1}</div>; // c", keyword: "const",
            string: "\"a\"", comment: "// c", number: "1"),
        Sample(
            language: "tsx", code: "export function A(p: Props) { return <b>{p.n + 2}</b> } /* c */",
            keyword: "function", string: "", comment: "/* c */", number: "2"),
        Sample(
            language: "html", code: "<!-- c --><a href=\"x\">&amp;</a>", keyword: "", string: "\"x\"",
            comment: "<!-- c -->", number: ""),
        Sample(
            language: "css", code: "/* c */ a { width: 10px; content: \"s\"; }", keyword: "", string: "\"s\"",
            comment: "/* c */", number: "10px"),
        Sample(
            language: "scss", code: "/* c */ .a { .b { margin: 2em; content: 's'; } }", keyword: "", string: "'s'",
            comment: "/* c */", number: "2em"),
        Sample(
            language: "json", code: "{\"a\": [1, \"s\", true]} // c", keyword: "true", string: "\"s\"",
            comment: "// c", number: "1"),
        Sample(
            language: "yaml", code: "# c\nkey: 'v'\nn: 5\nok: true", keyword: "true", string: "'v'", comment: "# c",
            number: "5"),
        Sample(
            language: "toml", code: "# c\n[package]\nname = \"x\"\nversion = 2\nok = true", keyword: "true",
            string: "\"x\"", comment: "# c", number: "2"),
        Sample(
            language: "ini", code: "; c\n[core]\nname = \"x\"\nsize = 3\nbare = true", keyword: "true",
            string: "\"x\"", comment: "; c", number: "3"),
        Sample(
            language: "sql", code: "SELECT name FROM users WHERE id = 42 AND s = 'it''s'; -- c", keyword: "SELECT",
            string: "'it''s'", comment: "-- c", number: "42"),
        Sample(
            language: "bash", code: "if [ -f x ]; then\n  echo \"a $HOME\" 3 # c\nfi", keyword: "if",
            string: "\"a ", comment: "# c", number: ""),
        Sample(
            language: "powershell", code: "function Get-A { param($x) if ($x -gt 5) { \"v $x\" } } # c",
            keyword: "function", string: "\"v ", comment: "# c", number: "5"),
        Sample(
            language: "dockerfile", code: "# c\nFROM alpine:3.19\nRUN echo \"hi\" && exit 0", keyword: "FROM",
            string: "\"hi\"", comment: "# c", number: "0"),
        Sample(
            language: "makefile", code: "# c\nCC := gcc\nall: main.o\n\t$(CC) -o app \"x\" 2", keyword: "",
            string: "\"x\"", comment: "# c", number: ""),
        Sample(
            language: "markdown", code: "# Title\n\nSome `code` and a [link](https://x).\n\n<!-- c -->",
            keyword: "# Title", string: "`code`", comment: "<!-- c -->", number: ""),
        Sample(
            language: "xml", code: "<?xml version=\"1.0\"?>\n<a b=\"c\"><!-- d --></a>", keyword: "", string: "\"c\"",
            comment: "<!-- d -->", number: ""),
        Sample(
            language: "lua", code: "local function f(x) return x .. \"s\" end --[[ c ]]\nlocal n = 9",
            keyword: "local", string: "\"s\"", comment: "--[[ c ]]", number: "9"),
        Sample(
            language: "haskell", code: "module Main where\n{- a {- b -} -}\nmain = print (\"s\", 'c', 12) -- d",
            keyword: "module", string: "\"s\"", comment: "{- a {- b -} -}", number: "12"),
        Sample(
            language: "scala", code: "object A { def f(n: Int) = s\"n=$n\" + 1 } /* a /* b */ */",
            keyword: "object", string: "s\"n=", comment: "/* a /* b */ */", number: "1"),
        Sample(
            language: "elixir", code: "defmodule A do\n  def f(x), do: \"v #{x}\" <> :ok # c\nend\nn = 7",
            keyword: "defmodule", string: "\"v ", comment: "# c", number: "7"),
        Sample(
            language: "dart", code: "void main() { var s = 'n=${n}'; print(r'\\d' + 1.5); } // c", keyword: "void",
            string: "r'\\d'", comment: "// c", number: "1.5"),
        Sample(
            language: "r", code: "f <- function(x) { if (x > 1) TRUE else \"no\" } # c\nn <- 10", keyword: "function",
            string: "\"no\"", comment: "# c", number: "10"),
    ]

    @Test(arguments: samples) func keywordsStringsCommentsAndNumbersAreClassed(sample: Sample) {
        let runs = highlighted(sample.code, sample.language)
        if !sample.keyword.isEmpty { #expect(runs.texts(of: "keyword").contains(sample.keyword), "\(runs.marked)") }
        if !sample.string.isEmpty { #expect(runs.texts(of: "string").contains(sample.string), "\(runs.marked)") }
        if !sample.comment.isEmpty { #expect(runs.texts(of: "comment").contains(sample.comment), "\(runs.marked)") }
        if !sample.number.isEmpty { #expect(runs.texts(of: "number").contains(sample.number), "\(runs.marked)") }
    }

    @Test func everyListedLanguageHasASample() {
        #expect(Set(Self.samples.map(\.language)).count == Self.samples.count)
        // `console` and `diff` have tests of their own.
        #expect(
            Set(Self.samples.map(\.language)).union(["console", "diff", "sh"])
                == Set(HighlightTests.languages + ["bash"]))
    }

    @Test func aConsoleSessionHighlightsPromptLinesAsShellAndLeavesOutputPlain() {
        #expect(
            marked("$ echo \"hi\" # c\nhi\nme@box:~/src$ ls\na b\n", "console")
                == "«meta:$ »echo «string:\"hi\"» «comment:# c»\nhi\n«meta:me@box:~/src$ »ls\na b\n")
    }

    @Test func aDiffMarksAddedAndRemovedLinesAndHunkHeaders() {
        #expect(
            marked("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n same", "diff")
                == "«meta:--- a/x»\n«meta:+++ b/x»\n«meta:@@ -1 +1 @@»\n«deleted:-old»\n«inserted:+new»\n same")
    }

    @Test func rustMacrosAttributesAndLifetimes() {
        #expect(
            marked("#[derive(Debug)]\nfn f<'a>(s: &'a str) { println!(\"{}\", 'x'); }", "rust")
                == "«meta:#[derive(Debug)]»\n«keyword:fn» f<'a>(s: &'a «type:str») { «meta:println!»(«string:\"{}\"», «string:'x'»); }"
        )
    }

    @Test func keysAtTheStartOfATOMLOrINILineAreAttributes() {
        #expect(marked("[a.b]\nkey-1 = 'v' # c", "toml") == "«type:[a.b]»\n«attr:key-1» = «string:'v'» «comment:# c»")
        #expect(marked("[s]\nx: 1", "ini") == "«type:[s]»\n«attr:x»: «number:1»")
    }

    @Test func sqlKeywordsMatchInAnyCase() {
        #expect(marked("select 1 From t", "sql") == "«keyword:select» «number:1» «keyword:From» t")
    }

    @Test func makefileTargetsAndVariables() {
        #expect(
            marked("CC := cc\napp: main.o\n\t$(CC) $@", "makefile")
                == "«variable:CC» := cc\n«type:app»: main.o\n\t«variable:$(CC)» $@")
    }

    @Test func jsxElementNamesAreTags() {
        #expect(marked("x = <Item key={k} />;", "jsx") == "x = <«tag:Item» key={k} />;")
    }
}
