/// A usage mistake on the command line: exit code 2, the problem, and the usage line.
struct UsageError: Error {
    var message: String
    var usage: String
}

/// Walks a command's arguments: `--flag`, `--option VALUE`, `--option=VALUE`,
/// positionals, and `--` after which everything is positional.
struct ArgumentScanner {
    private let usage: String
    private(set) var positionals: [String] = []
    private var options: [(name: String, value: String?)] = []

    /// Splits `arguments` given the names of options that take a value.
    init(_ arguments: [String], valued: Set<String>, flags: Set<String>, usage: String) throws(UsageError) {
        self.usage = usage
        var onlyPositionals = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                if !onlyPositionals, argument.hasPrefix("-"), argument != "-", !argument.hasPrefix("--"),
                    argument != "-h", Int(argument) == nil
                {
                    throw UsageError(message: "unknown option \(argument)", usage: usage)
                }
                if argument == "-h" {
                    options.append(("help", nil))
                    continue
                }
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valued.contains(name) {
                if value == nil {
                    guard index < arguments.count else {
                        throw UsageError(message: "--\(name) needs a value", usage: usage)
                    }
                    value = arguments[index]
                    index += 1
                }
                options.append((name, value))
            } else if flags.contains(name) || name == "help" {
                if value != nil { throw UsageError(message: "--\(name) takes no value", usage: usage) }
                options.append((name, nil))
            } else {
                throw UsageError(message: "unknown option --\(name)", usage: usage)
            }
        }
    }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { options.contains { $0.name == name } }

    /// The last value given for an option.
    func value(_ name: String) -> String? { options.last { $0.name == name }?.value }

    /// Every value given for a repeatable option, in order.
    func values(_ name: String) -> [String] { options.filter { $0.name == name }.compactMap(\.value) }

    /// Every value given for any of several repeatable options, in the order given, with the option's name.
    func values(of names: Set<String>) -> [(name: String, value: String)] {
        options.compactMap { option in option.value.flatMap { names.contains(option.name) ? (option.name, $0) : nil } }
    }

    /// Fails unless the positionals number between `min` and `max`.
    func expectPositionals(_ range: ClosedRange<Int>, what: String) throws(UsageError) {
        if positionals.count < range.lowerBound { throw UsageError(message: "missing \(what)", usage: usage) }
        if positionals.count > range.upperBound {
            throw UsageError(message: "unexpected argument \"\(positionals[range.upperBound])\"", usage: usage)
        }
    }
}
