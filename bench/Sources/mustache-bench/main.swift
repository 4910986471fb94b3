import Dispatch
import Foundation
import SitegenCore

// Renders the default theme's post page (layout inheritance, partials, a
// site of 50 posts in the context) N times and prints the time per render.
// Usage: mustache-bench [TEMPLATES_FOLDER] [ITERATIONS]

let arguments = CommandLine.arguments
let folder = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : "../templates")
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000

let library = try TemplateLibrary(layers: [.folder(folder, displayPrefix: "templates")])

func post(_ index: Int) -> TemplateValue {
    .object([
        "slug": .string("post-\(index)"), "url": .string("/posts/post-\(index)/"),
        "title": .string("스프린트 회고 #\(index) — what went well & what didn't"),
        "username": .string(["프렘", "민디고", "천원", "쵸비"][index % 4]),
        "avatar": .object(["color": .string("hsl(\(index * 37 % 360) 55% 42%)"), "initial": .string("프")]),
        "date": .string("2024-03-\(10 + index % 18)"), "date_iso": .string("2024-03-10T09:00:00Z"),
        "tags": .list([.object(["name": .string("scrum")]), .object(["name": .string("retro")])]),
        "has_tags": .bool(true), "draft": .bool(false), "edit_url": .null,
        "excerpt": .string("첫 스프린트 끝! 잘 된 점과 아쉬운 점을 정리했어요. <b>escaped</b> text & more"),
        "content": .string(String(repeating: "<p>Paragraph with <em>emphasis</em> and 한국어 텍스트.</p>\n", count: 30)),
    ])
}

let posts = (0..<50).map(post)
let nav = TemplateValue.list(
    ["홈", "Forum", "Menu", "Profiles", "Counter", "Primes"].enumerated().map { index, title in
        .object(["title": .string(title), "url": .string("/s\(index)/"), "current": .bool(index == 1)])
    })
let site: TemplateValue = .object([
    "title": "스크럼 스터디", "language": "ko", "root": "/", "stylesheet": "/assets/style.css",
    "feed_url": "/feed.xml", "generator": "sitegen", "description": "A study group's site", "posts": .list(posts),
    "recent_posts": .list(Array(posts.prefix(5))), "has_posts": true, "posts_url": "/posts/", "nav": nav,
])
var page = posts[7].objectValue!
page["page_title"] = posts[7].objectValue!["title"]!
page["nav"] = nav
let context: [TemplateValue] = [.object(["site": site, "page": .object(page)]), .object(page)]

func measure(_ name: String, _ count: Int) throws -> Double {
    var bytes = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<count { bytes &+= try library.render(name: name, context: context).utf8.count }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    precondition(bytes > 0)
    return seconds
}

_ = try measure("post", 1000)  // warm-up
for name in ["post", "posts"] {
    var runs: [Double] = []
    for _ in 0..<3 { runs.append(try measure(name, iterations)) }
    runs.sort()
    let size = try library.render(name: name, context: context).utf8.count
    let median = runs[1]
    print(
        "\(name).mustache (\(size) bytes out): \(iterations) renders, median of 3 runs \(String(format: "%.2f", median)) s"
            + " = \(String(format: "%.2f", median / Double(iterations) * 1e6)) µs per render")
}
