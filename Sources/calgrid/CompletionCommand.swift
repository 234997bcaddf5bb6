import CalGrid
import CalGridStore

/// `calgrid completion bash|zsh|fish`: a shell completion script, generated from the command
/// table and each command's `--help` (so a new option completes as soon as it is documented).
enum CompletionCommand {
    static let command = Command(usage: "completion SHELL", summary: "a bash, zsh or fish completion script",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid completion bash|zsh|fish

    Prints a completion script for the shell: commands, options, option values (weekday names,
    day words, sort orders, …) and the ids of the todos in your store.

      bash: source <(calgrid completion bash)        (e.g. in ~/.bashrc)
      zsh:  source <(calgrid completion zsh)         (or save it as _calgrid in a $fpath directory)
      fish: calgrid completion fish > ~/.config/fish/completions/calgrid.fish

    `calgrid completion ids [--todos FILE]` lists the store's ids, one a line (with their titles
    after a tab with --describe), for the scripts.
    \(CommonOptions.help)
    """

    enum Shell: String { case bash, zsh, fish }

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var what: [String] = []
        var describe = false
        try parseOptions(words, "completion", &common, extra: { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            guard o == "--describe" else { return false }
            try a.noValue(for: o)
            describe = true
            return true
        }) { (p: String) throws(CLIError) in what.append(p) }
        var out = Output()
        guard what.count == 1 else { throw .usage("completion: which shell? (calgrid completion bash|zsh|fish)") }
        if what[0] == "ids" { return try ids(common, describe: describe) }
        guard let shell = Shell(rawValue: what[0]) else {
            throw .usage("completion: expected bash, zsh or fish, got '\(what[0])'")
        }
        let specs = Command.all.map(CommandSpec.init)
        switch shell {
        case .bash: out.write(bash(specs))
        case .zsh: out.write(zsh(specs))
        case .fish: out.write(fish(specs))
        }
        return out
    }

    /// The store's ids (nothing when there is no store yet: the sample's ids are not the user's).
    static func ids(_ common: CommonOptions, describe: Bool) throws(CLIError) -> Output {
        var out = Output()
        guard let store = Store.locate(common.store), store.exists else { return out }
        let set = try storeCall { () throws(StoreError) in try store.read(common.store) }
        for i in set.indices {
            // A tab or newline inside an id or title would split the line; ids with them are not offered.
            let id = set.id(at: i)
            if id.contains("\t") || id.contains("\n") { continue }
            let title = set.title(at: i).split(whereSeparator: { $0 == "\n" || $0 == "\t" }).joined(separator: " ")
            out.line(describe ? id + "\t" + title : id)
        }
        return out
    }

    /// What completes after an option.
    enum Values: Equatable {
        case none, words([String]), days, weekdays, files
    }

    /// One option as its command's help documents it: `  --name ARG   description`.
    struct OptionSpec {
        let name: String
        let takesValue: Bool
        let values: Values
    }

    /// A command and its options, read from its help text.
    struct CommandSpec {
        let name: String
        let summary: String
        let takesIDs: Bool
        let options: [OptionSpec]

        /// The option names, space-separated, for a shell's completion list.
        var optionNames: String { options.map(\.name).joined(separator: " ") }

        init(_ c: Command) {
            name = String(c.name)
            summary = c.summary
            takesIDs = c.usage.contains("ID")
            var seen: Set<String> = []
            var list: [OptionSpec] = []
            for line in c.help().split(separator: "\n") {
                guard let o = CommandSpec.option(line), !seen.contains(o.name) else { continue }
                seen.insert(o.name)
                list.append(o)
            }
            options = list
        }

        /// An option line: indented, `-h, ` optional, the name, one space and the argument if it
        /// takes one; the description follows after two spaces or more.
        static func option(_ line: Substring) -> OptionSpec? {
            var rest = line.drop { $0 == " " }
            guard rest.count < line.count else { return nil }
            if rest.hasPrefix("-h, ") { rest = rest.dropFirst(4) }
            guard rest.hasPrefix("--") else { return nil }
            let name = String(rest.prefix { $0 != " " })
            rest = rest.dropFirst(name.count)
            var argument: Substring = ""
            if rest.hasPrefix(" "), !rest.hasPrefix("  ") {
                argument = rest.dropFirst().prefix { $0 != " " }
                rest = rest.dropFirst(argument.count + 1)
            }
            let firstWord = rest.drop { $0 == " " }.prefix { $0 != " " }
            if argument.isEmpty { return OptionSpec(name: name, takesValue: false, values: .none) }
            return OptionSpec(name: name, takesValue: true, values: values(argument, firstWord))
        }

        /// `a|b|c` lists words; DAY, DAYS and FILE are kinds of value; a description that starts
        /// with `a|b|c` lists the words of a placeholder (`--first-weekday DAY  sun|mon|…`).
        static func values(_ argument: Substring, _ firstWord: Substring) -> Values {
            if firstWord.contains("|") { return .words(firstWord.split(separator: "|").map(String.init)) }
            let parts = argument.split(separator: "|").map(String.init)
            if parts.contains("FILE") { return .files }
            if parts.contains("DAY") { return .days }
            if parts.contains("DAYS") { return .weekdays }
            let literal = parts.filter { $0.lowercased() == $0 && $0.first.map { $0.isLetter } == true }
            return literal.count == parts.count && !parts.isEmpty ? .words(literal) : .none
        }
    }

    /// Day words for DAY, weekday lists for DAYS: the names `Parse.day` and `Parse.repetition` read.
    static var dayWords: [String] { ["today", "tomorrow", "yesterday"] + weekdayNames + ["+1d", "+1w", "none"] }
    static var repeatWords: [String] { ["daily", "weekdays", "weekends"] + weekdayNames + RuleWords.oneWordForms }
    static var weekdayNames: [String] {
        [Weekday.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday].map {
            "\($0.name(.short, .english))".lowercased()
        }
    }

    static func words(_ v: Values) -> [String]? {
        switch v {
        case .words(let w): return w
        case .days: return dayWords
        case .weekdays: return repeatWords
        case .none, .files: return nil
        }
    }

    /// Single-quoted for any POSIX-like shell (fish included): ' becomes '\''.
    static func quoted(_ s: String) -> String { "'" + s.replacing("'", with: "'\\''") + "'" }
}
