import CalGridStore
/// One command: how it is written in the top help, what it does, its own help, and what runs it.
/// Each command declares its own entry (`MonthCommand.command`, ...); the top help, the dispatch and
/// the completion scripts all read them from `Command.all`, in its order.
struct Command {
    let usage: String
    let summary: String
    let help: @Sendable () -> String
    let run: @Sendable ([String]) throws(CLIError) -> Output

    var name: Substring { usage.prefix { $0 != " " } }

    /// Runs the command on `words`, or shows its help when they ask for it.
    func invoke(_ words: [String]) throws(CLIError) -> Output {
        do { return try run(words) } catch {
            guard case .help = error else { throw error }
            var out = Output()
            out.line(help())
            return out
        }
    }
}

extension Command {
    static let all: [Command] = [
        MonthCommand.command, WeekCommand.command, DayCommand.command, AgendaCommand.command, YearCommand.command, ListCommand.command,
        AddCommand.command, DoneCommand.done, DoneCommand.undo, EditCommand.command, RemoveCommand.command,
        ShowCommand.command, AlarmsCommand.command, ImportCommand.command, ExportCommand.command, StatsCommand.command,
        CompletionCommand.command,
    ]

    static var topHelp: String {
        var s = "usage: calgrid COMMAND [options]\n\ncommands:\n"
        for c in Command.all { s += "  " + TextWidth.padRight(c.usage, to: 20) + "  " + c.summary + "\n" }
        return s + """

        Your todos live in --todos FILE, else $CALGRID_TODOS, else $XDG_DATA_HOME/calgrid/todos.json
        (~/.local/share/calgrid/todos.json); until the first `calgrid add` the views show a built-in
        sample set built around today.
        Run `calgrid COMMAND --help` for a command's options, `calgrid help json` for the JSON schemas.
        Exit status: 0 success, 1 data or runtime error, 2 usage error.

        """
    }
}
