import SitegenCore

/// `sitegen render`: renders one Mustache template, for debugging templates.
enum RenderCommand: SitegenCommand {
    static let name = "render"
    static let summary = "render one Mustache template against a data file"
    static let usage = "usage: sitegen render TEMPLATE --data FILE [--partials DIR]"
    static let help = """
        \(usage)

        Renders TEMPLATE (a .mustache file) with the values in FILE (YAML or JSON)
        and prints the result exactly, adding no newline. {{>name}} reads
        DIR/name.mustache (default: the template's own folder); as the Mustache
        spec says, a partial that does not exist renders as nothing.

        options:
          --data FILE      the values: a YAML or JSON file
          --partials DIR   where partials and parents are looked up
          -h, --help       show this help

        Exit status: 0 rendered, 1 the template or data has errors, 2 bad usage.

        """

    static func run(_ arguments: [String], console: Console) throws {
        let scanner = try ArgumentScanner(arguments, valued: ["data", "partials"], flags: [], usage: usage)
        if scanner.flag("help") {
            console.out(help)
            return
        }
        try scanner.expectPositionals(1...1, what: "TEMPLATE")
        guard let data = scanner.value("data") else { throw UsageError(message: "missing --data FILE", usage: usage) }
        do {
            let text = try SingleTemplateRender.render(
                template: scanner.positionals[0], data: data, partialsFolder: scanner.value("partials"))
            console.out(text)
        } catch {
            report(error.diagnostics, console: console, failing: "nothing was rendered")
            throw CommandFailure.reported
        }
    }
}
