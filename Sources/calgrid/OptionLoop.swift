import CalGridStore
/// The option loop shared by the commands: the common options first, then the command's own
/// (`extra`); any other option is a usage error. Positionals go to `positional`. After the last
/// word, `-h`/`--help` throws `.help`, which `Command.invoke` answers with the command's help, so
/// no command checks for it (a bad word before or after `--help` is still reported first).
func parseOptions(_ words: [String], _ command: String, _ common: inout CommonOptions,
                  extra: (String, inout Arguments) throws(CLIError) -> Bool = { _, _ throws(CLIError) in false },
                  positional: (String) throws(CLIError) -> Void) throws(CLIError) {
    var args = Arguments(words)
    while let item = args.next() {
        switch item {
        case .option(let o):
            if try common.parse(o, &args) { continue }
            if try extra(o, &args) { continue }
            throw .usage("\(command): unknown option '\(o)' (see calgrid \(command) --help)")
        case .positional(let p):
            try positional(p)
        }
    }
    if common.help { throw .help }
}

/// How many positionals a command takes, and so how a word too many is refused.
enum Positionals {
    /// None: every word is unexpected.
    case nothing
    /// At most one (a day, a month, a year, a file).
    case one
    /// At most one todo id.
    case oneTodo
}

/// The option loop for a command that takes at most one positional: returns it (nil without one).
@discardableResult
func parseOptions(_ words: [String], _ command: String, _ common: inout CommonOptions, takes: Positionals,
                  extra: (String, inout Arguments) throws(CLIError) -> Bool = { _, _ throws(CLIError) in false }) throws(CLIError) -> String? {
    var found: String?
    try parseOptions(words, command, &common, extra: extra) { (p: String) throws(CLIError) in
        switch takes {
        case .nothing: throw .usage("\(command): unexpected argument '\(p)'")
        case .one: if found != nil { throw .usage("\(command): unexpected argument '\(p)'") }
        case .oneTodo: if found != nil { throw .usage("\(command): one todo at a time (unexpected '\(p)')") }
        }
        found = p
    }
    return found
}
