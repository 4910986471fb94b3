import Foundation
import SitegenCore

/// The `sitegen` command line: picks the command, runs it, and maps every
/// outcome to an exit code here, in one place (0 ok, 1 content error, 2 usage error).

let commands: [any SitegenCommand.Type] = [
    InitCommand.self, BuildCommand.self, CheckCommand.self, NewCommand.self, EditCommand.self, PrimesCommand.self,
    ServeCommand.self, ThemeCommand.self, RenderCommand.self,
]

let topUsage = """
    usage: sitegen <command> [options]

    commands:
    \(commands.map { "  \($0.name.padding(toLength: 8, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))

    Run `sitegen <command> --help` for a command's options; `sitegen --version` prints the version.

    """

let console = Console()
var arguments = Array(CommandLine.arguments.dropFirst())
let exitCode: Int32
if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
    console.out(topUsage)
    exitCode = arguments.isEmpty ? 2 : 0
} else if arguments == ["--version"] {
    console.out("sitegen \(SitegenVersion.current)\n")
    exitCode = 0
} else if let command = commands.first(where: { $0.name == arguments[0] }) {
    arguments.removeFirst()
    do {
        exitCode = try command.run(arguments, console: console)
    } catch let error as UsageError {
        console.err("error: \(error.message)\n\(error.usage)\nRun `sitegen \(command.name) --help` for more.\n")
        exitCode = 2
    } catch let error as CommandFailure {
        console.err(error.message.hasSuffix("\n") ? error.message : error.message + "\n")
        exitCode = 1
    }
} else {
    console.err("error: unknown command \"\(arguments[0])\"\n\(topUsage)")
    exitCode = 2
}
exit(exitCode)
