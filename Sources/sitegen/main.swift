import Foundation
import SitegenCore

/// The `sitegen` command line: picks the command, runs it, and maps every
/// outcome to an exit code here, in one place.

/// How a run ends, and the exit code each way gets.
enum ExitStatus: Int32 {
    /// The command did what it was asked, or printed the help or version asked for.
    case success = 0
    /// The site, a content file, a template or the file system stopped it (`CommandFailure`): nothing was written.
    case failure = 1
    /// The command line itself is wrong (`UsageError`): nothing was done.
    case usage = 2
}

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
let status: ExitStatus
if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
    console.out(topUsage)
    status = arguments.isEmpty ? .usage : .success
} else if arguments == ["--version"] {
    console.out("sitegen \(SitegenVersion.current)\n")
    status = .success
} else if let command = commands.first(where: { $0.name == arguments[0] }) {
    arguments.removeFirst()
    // Commands throw nothing but these two (an error of another type is a bug, and stops here loudly).
    do {
        try command.run(arguments, console: console)
        status = .success
    } catch let error as UsageError {
        console.err("error: \(error.message)\n\(error.usage)\nRun `sitegen \(command.name) --help` for more.\n")
        status = .usage
    } catch let failure as CommandFailure {
        if let message = failure.message { console.err(message.hasSuffix("\n") ? message : message + "\n") }
        status = .failure
    }
} else {
    console.err("error: unknown command \"\(arguments[0])\"\n\(topUsage)")
    status = .usage
}
exit(status.rawValue)
